import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { PATHS } from '../shared/paths';

/**
 * The club's pages whose words admins edit (Markdown, as news items): each is known by its slug,
 * lives at its own address and has a text of its own until an admin saves one (site-page-defaults.ts).
 */
export const SITE_PAGE_SLUGS = ['beginners', 'information', 'privacy'] as const;
export const SitePageSlugSchema = z.enum(SITE_PAGE_SLUGS);
export type SitePageSlug = z.infer<typeof SitePageSlugSchema>;

/** Longest title and body a page may have (the form's rule says so in words). */
export const SITE_PAGE_TITLE_MAX = 100;
export const SITE_PAGE_BODY_MAX = 50_000;

/** Where members read each page. */
export const SITE_PAGE_PATHS: Record<SitePageSlug, string> = { beginners: PATHS.beginners, information: PATHS.information, privacy: PATHS.privacy };

export const SITE_PAGE_NOT_FOUND = 'Page not found';

export function isSitePageSlug(value: unknown): value is SitePageSlug {
  return typeof value === 'string' && (SITE_PAGE_SLUGS as readonly string[]).includes(value);
}

/**
 * A page as an admin saved it: its title (the page's heading and the browser tab's title) and its
 * body in Markdown, kept as written and rendered to sanitised HTML on every read (the news
 * items' renderer, core/news/news-body.ts). `updatedBy` is the e-mail of the admin who saved it.
 */
export const SitePageSchema = z.object({
  slug: SitePageSlugSchema,
  title: z.string().min(1).max(SITE_PAGE_TITLE_MAX),
  body: z.string().max(SITE_PAGE_BODY_MAX),
  updatedAt: InstantSchema,
  updatedBy: z.string().max(320),
});
export type SitePage = z.infer<typeof SitePageSchema>;

/** A page's words, saved or the original ones: what members read and what the edit form opens with. */
export interface SitePageText {
  slug: SitePageSlug;
  title: string;
  body: string;
}
