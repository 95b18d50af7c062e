import type { SitePage } from '../../core/site-pages/site-page';
import type { SitePageRepository } from '../../core/site-pages/site-page-repository.port';
import { validSitePage } from '../stored-records';

/** The edited pages in memory, by slug (tests, and the contract's reference). */
export class MemorySitePageRepository implements SitePageRepository {
  private readonly pages = new Map<string, SitePage>();

  async get(slug: string): Promise<SitePage | null> {
    const page = this.pages.get(slug);
    return page ? { ...page } : null;
  }

  async list(): Promise<SitePage[]> {
    return [...this.pages.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map((page) => ({ ...page }));
  }

  async save(page: SitePage): Promise<void> {
    this.pages.set(page.slug, validSitePage(page));
  }
}
