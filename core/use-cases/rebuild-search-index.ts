import type { SearchRecord } from '../entities/search-hit';
import { campaignSearchRecord, documentSearchRecord, eventSearchRecord } from '../domain/search-records';
import type { CampaignSource } from '../ports/campaign-source';
import type { DocumentRepository } from '../ports/document-repository';
import type { EventRepository } from '../ports/event-repository';
import type { SearchIndex } from '../ports/search-index';

export interface RebuildSearchIndexDeps {
  events: EventRepository;
  documents: DocumentRepository;
  campaignSource: CampaignSource;
  search: SearchIndex;
}

/**
 * Fills the four indexes from the stored data (on start, or after the index was lost). The
 * static pages are passed in, since their text lives with the web pages, not in storage.
 */
export class RebuildSearchIndex {
  constructor(private readonly deps: RebuildSearchIndexDeps) {}

  /**
   * Returns how many records each index now holds. News comes from an outside source that may
   * be down: then the news index is left as it was and its count is null.
   */
  async execute(pages: SearchRecord[]): Promise<{ events: number; documents: number; news: number | null; pages: number }> {
    const [events, documents, campaigns] = await Promise.all([
      this.deps.events.list({ order: 'asc' }),
      this.deps.documents.list(),
      this.deps.campaignSource.listRecent().catch(() => null),
    ]);
    await this.deps.search.replaceAll('events', events.map((e) => eventSearchRecord(e)));
    await this.deps.search.replaceAll('documents', documents.map((d) => documentSearchRecord(d)));
    if (campaigns) await this.deps.search.replaceAll('news', campaigns.map((c) => campaignSearchRecord(c)));
    await this.deps.search.replaceAll('pages', pages.map((p) => ({ ...p, type: 'page' as const })));
    return { events: events.length, documents: documents.length, news: campaigns?.length ?? null, pages: pages.length };
  }
}
