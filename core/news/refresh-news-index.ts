import type { CampaignSource } from '../campaigns/campaign-source.port';
import type { SearchIndex } from '../search/search-index.port';
import type { NewsSource } from './news-schema';
import { indexNewsFromSource } from './news-index';

export interface RefreshNewsIndexDeps {
  campaignSource: CampaignSource;
  search: SearchIndex;
  newsSource: NewsSource;
}

/** How often the news index is refilled from an outside source (MailerLite). */
export const NEWS_INDEX_ROUND_MS = 15 * 60_000;

/**
 * The news index's round (a repeating job): MailerLite's campaigns change outside the app, so with
 * it as the source the index is refilled from what it lists now and then. News written in the app
 * are indexed as they are saved, so with the database as the source the round does nothing.
 * A source that cannot be read throws, and the index is left as it was.
 */
export class RefreshNewsIndex {
  constructor(private readonly deps: RefreshNewsIndexDeps) {}

  /** How many news records the index now holds; null when the round had nothing to do. */
  async execute(): Promise<number | null> {
    if (this.deps.newsSource === 'database') return null;
    return indexNewsFromSource(this.deps);
  }
}
