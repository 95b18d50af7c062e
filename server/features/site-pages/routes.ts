import { z } from 'zod';
import { GetSitePage } from '../../../core/site-pages/get-site-page';
import { ListSitePages } from '../../../core/site-pages/list-site-pages';
import { PreviewSitePage } from '../../../core/site-pages/preview-site-page';
import { ReadSitePage } from '../../../core/site-pages/read-site-page';
import { SaveSitePage } from '../../../core/site-pages/save-site-page';
import { SITE_PAGE_NOT_FOUND } from '../../../core/site-pages/site-page';
import { SITE_PAGE_FORM_MESSAGES, SitePageFormValuesSchema, SitePagePreviewRequestSchema } from '../../../core/site-pages/site-page-form';
import {
  AdminSitePageAnswerSchema,
  AdminSitePageListSchema,
  SitePagePreviewSchema,
  SitePageSavedSchema,
  SitePageViewSchema,
} from '../../../core/site-pages/site-page-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { AdminCollection } from '../../http/admin-collection';
import { PAGE_READ, saying } from '../../http/route-parts';

const NOT_FOUND = saying(SITE_PAGE_NOT_FOUND);
/** A page's slug in the address; any text up to 200 characters is taken, and one that names no page is a 404. */
const SlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
/** Admins with content:write read and edit the pages. */
const WRITE = { action: 'sitePages.write' } as const;

/** The Beginners and Information pages: members read them; admins with content:write edit them (Markdown). */
export function registerSitePageRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/pages/:slug',
    operationId: 'getSitePage',
    summary:
      'A club page (beginners, information): its title and its body rendered from Markdown to sanitised HTML by the server, with the water-level chart where it stands',
    tag: 'pages',
    params: SlugParamsSchema,
    responses: { 200: { description: 'The page', schema: SitePageViewSchema }, 404: NOT_FOUND },
    handler: async ({ params }) => reply(200, await ports.useCase(ReadSitePage).execute(params.slug)),
  });

  const pages = new AdminCollection(routes, {
    path: '/api/admin/pages',
    tag: 'admin pages',
    read: WRITE,
    write: WRITE,
    record: { param: 'slug', schema: SlugParamsSchema },
    notFound: NOT_FOUND,
  });
  pages.list({
    operationId: 'adminListSitePages',
    summary: 'The pages admins edit, each with where members read it and when it was last saved',
    responses: { 200: { description: 'The pages', schema: AdminSitePageListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ListSitePages).execute(admin)),
  });
  pages.write({
    suffix: '/preview',
    operationId: 'adminPreviewSitePage',
    summary: 'A page body (Markdown) as members would see it once saved; nothing is stored',
    body: SitePagePreviewRequestSchema,
    responses: { 200: { description: 'The body rendered and sanitised', schema: SitePagePreviewSchema } },
    handler: async ({ admin, body }) => reply(200, await ports.useCase(PreviewSitePage).execute(admin, body)),
  });
  pages.get({
    operationId: 'adminGetSitePage',
    summary: 'One page and its words for the edit form (the original words until it is first saved)',
    responses: { 200: { description: 'The page', schema: AdminSitePageAnswerSchema } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetSitePage).execute(admin, params.slug)),
  });
  pages.update({
    operationId: 'adminSaveSitePage',
    summary: "Save a page's title and Markdown body; members read it at once and search finds its new words",
    body: SitePageFormValuesSchema,
    responses: { 200: { description: 'Saved', schema: SitePageSavedSchema }, 409: saying(SITE_PAGE_FORM_MESSAGES.changedMeanwhile) },
    handler: async ({ admin, params, body }) => reply(200, { page: await ports.useCase(SaveSitePage).execute(admin, params.slug, body) }),
  });
}
