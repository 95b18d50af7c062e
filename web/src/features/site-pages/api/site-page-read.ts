import { apiQuery, useRead } from '../../../lib/reads';

/** A club page (GET /api/pages/{slug}): its title and its body as HTML the server rendered from the admins' Markdown and sanitised. */
export function sitePageRead(slug: string) {
  return apiQuery(
    ['site-page', slug],
    `/api/pages/${encodeURIComponent(slug)}`,
    async () => (await import('@core/site-pages/site-page-schema')).SitePageViewSchema,
  );
}

/** A club page's words now. */
export const useSitePage = (argument: string) => useRead(sitePageRead(argument));
