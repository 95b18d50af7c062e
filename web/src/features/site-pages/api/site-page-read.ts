import { apiRead, pageReadOf } from '../../../lib/page-data';

/** A club page (GET /api/pages/{slug}): its title and its body as HTML the server rendered from the admins' Markdown and sanitised. */
export function sitePageRead(slug: string) {
  return apiRead(['site-page', slug], `/api/pages/${encodeURIComponent(slug)}`, async () => (await import('@core/site-pages/site-page-schema')).SitePageViewSchema);
}

const sitePage = pageReadOf(sitePageRead);

/** A club page's words now. */
export const useSitePage = sitePage.useRead;
