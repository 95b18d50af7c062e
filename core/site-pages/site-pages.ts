import { pageSearchRecords } from '../content/site-pages';
import type { SearchRecord } from '../search/search-hit';
import type { SearchIndex } from '../search/search-index.port';
import { SITE_PAGE_SLUGS, SITE_PAGE_PATHS, type SitePage, type SitePageSlug, type SitePageText } from './site-page';
import { sitePageSearchRecords } from './site-page-content';
import { defaultSitePage } from './site-page-defaults';
import type { SitePageRepository } from './site-page-repository.port';
import type { AdminSitePage } from './site-page-schema';

/** What reading the pages needs: the stored ones, and the club's name for the original words. */
export interface SitePageReadingDeps {
  sitePages: SitePageRepository;
  clubName: string;
}

/** A page's words as members read them now: the saved ones, else the original ones. */
export async function currentSitePage(deps: SitePageReadingDeps, slug: SitePageSlug): Promise<{ text: SitePageText; saved: SitePage | null }> {
  const saved = await deps.sitePages.get(slug);
  return { text: saved ? { slug, title: saved.title, body: saved.body } : defaultSitePage(slug, deps.clubName), saved };
}

/** Every page's words as members read them now, in the pages' order. */
export async function currentSitePages(deps: SitePageReadingDeps): Promise<{ text: SitePageText; saved: SitePage | null }[]> {
  const stored = new Map((await deps.sitePages.list()).map((page) => [page.slug, page]));
  return SITE_PAGE_SLUGS.map((slug) => {
    const saved = stored.get(slug) ?? null;
    return { text: saved ? { slug, title: saved.title, body: saved.body } : defaultSitePage(slug, deps.clubName), saved };
  });
}

/** A page as the admin screen lists it. */
export function adminSitePage(page: { text: SitePageText; saved: SitePage | null }): AdminSitePage {
  return {
    slug: page.text.slug,
    title: page.text.title,
    path: SITE_PAGE_PATHS[page.text.slug],
    updatedAt: page.saved?.updatedAt ?? null,
    updatedBy: page.saved?.updatedBy ?? null,
  };
}

/** The whole pages index: the fixed pages' records (core/content/site-pages.ts) and every editable page's, from its words now. */
export async function pagesIndexRecords(pages: readonly SitePageText[], fixed: SearchRecord[] = pageSearchRecords()): Promise<SearchRecord[]> {
  const own = await Promise.all(pages.map((page) => sitePageSearchRecords(page)));
  return [...fixed, ...own.flat()];
}

/** Refills the pages index from the pages' words now; returns how many records it holds. */
export async function indexSitePages(deps: SitePageReadingDeps & { search: SearchIndex }): Promise<number> {
  const records = await pagesIndexRecords((await currentSitePages(deps)).map((page) => page.text));
  await deps.search.replaceAll('pages', records);
  return records.length;
}
