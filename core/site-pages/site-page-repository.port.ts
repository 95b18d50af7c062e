import type { SitePage } from './site-page';

/** The pages admins have edited (SitePage); a page never saved is not stored and keeps its original text. */
export interface SitePageRepository {
  /** The stored page of this slug; null when none was saved (or the slug names no page). */
  get(slug: string): Promise<SitePage | null>;
  /** Every stored page, in slug order. */
  list(): Promise<SitePage[]>;
  /**
   * Stores the page, replacing the one stored under its slug. A page that is not a valid SitePage
   * (an unknown slug, a title or body too long) is refused with a ValidationError and nothing is stored.
   * Stored and read back, a page is equal to what was saved, every character of its Markdown kept.
   */
  save(page: SitePage): Promise<void>;
}
