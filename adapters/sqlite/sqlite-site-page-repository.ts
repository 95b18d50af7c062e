import type { Knex } from 'knex';
import { SitePageSchema, type SitePage } from '../../core/site-pages/site-page';
import type { SitePageRepository } from '../../core/site-pages/site-page-repository.port';
import { validSitePage } from '../stored-records';

const COLUMNS = ['slug', 'title', 'body', 'updatedAt', 'updatedBy'] as const;

/** The edited pages in the `site_pages` table (migration 0019), one row per slug. */
export class SqliteSitePageRepository implements SitePageRepository {
  constructor(private readonly db: Knex) {}

  async get(slug: string): Promise<SitePage | null> {
    if (typeof slug !== 'string') return null;
    const row: unknown = await this.db('site_pages')
      .select(...COLUMNS)
      .where({ slug })
      .first();
    return row ? SitePageSchema.parse(row) : null;
  }

  async list(): Promise<SitePage[]> {
    const rows: unknown[] = await this.db('site_pages')
      .select(...COLUMNS)
      .orderBy('slug', 'asc');
    return rows.map((row) => SitePageSchema.parse(row));
  }

  async save(page: SitePage): Promise<void> {
    const row = validSitePage(page);
    await this.db('site_pages').insert(row).onConflict('slug').merge();
  }
}
