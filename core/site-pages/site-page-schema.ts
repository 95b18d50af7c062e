import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { SitePageFormValuesSchema } from './site-page-form';
import { SitePageSlugSchema } from './site-page';

/**
 * A page's body as members see it, in order: HTML the server rendered from the Markdown and
 * sanitised (the news items' renderer), and the water-level chart where its line stands.
 */
export const SitePagePartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('waterLevelChart') }),
]);
export type SitePagePart = z.infer<typeof SitePagePartSchema>;

/** A page as members read it (GET /api/pages/{slug}). */
export const SitePageViewSchema = z.object({ slug: SitePageSlugSchema, title: z.string(), parts: z.array(SitePagePartSchema) });
export type SitePageView = z.infer<typeof SitePageViewSchema>;

/** A page on the admin screen: where members read it and when it was last saved (null: its original words). */
export const AdminSitePageSchema = z.object({
  slug: SitePageSlugSchema,
  title: z.string(),
  path: z.string(),
  updatedAt: InstantSchema.nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSitePage = z.infer<typeof AdminSitePageSchema>;

export const AdminSitePageListSchema = z.object({ pages: z.array(AdminSitePageSchema) });
export type AdminSitePageList = z.infer<typeof AdminSitePageListSchema>;

/** One page for its edit form. */
export const AdminSitePageAnswerSchema = z.object({ page: AdminSitePageSchema, form: SitePageFormValuesSchema });
export type AdminSitePageAnswer = z.infer<typeof AdminSitePageAnswerSchema>;

/** A saved page. */
export const SitePageSavedSchema = z.object({ page: AdminSitePageSchema });

/** A preview: the body as members would see it. */
export const SitePagePreviewSchema = z.object({ parts: z.array(SitePagePartSchema) });
export type SitePagePreview = z.infer<typeof SitePagePreviewSchema>;
