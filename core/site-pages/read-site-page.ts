import { NotFoundError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { isSitePageSlug, SITE_PAGE_NOT_FOUND } from './site-page';
import { renderSitePage } from './site-page-content';
import type { SitePageView } from './site-page-schema';
import { currentSitePage, type SitePageReadingDeps } from './site-pages';

/**
 * A page as members read it (/beginners, /information): its title, and its body rendered from
 * Markdown to sanitised HTML here, on every read, from the Markdown as saved (or the original).
 */
export class ReadSitePage extends UseCase<SitePageReadingDeps> {
  async execute(slug: string): Promise<SitePageView> {
    if (!isSitePageSlug(slug)) throw new NotFoundError(SITE_PAGE_NOT_FOUND);
    const { text } = await currentSitePage(this.deps, slug);
    return { slug, title: text.title, parts: await renderSitePage(text.body) };
  }
}
