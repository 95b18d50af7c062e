import { pageSearchRecords } from '../content/site-pages';
import { currentSitePages, pagesIndexRecords, type SitePageReadingDeps } from '../site-pages/site-pages';
import type { SearchRecord } from '../search/search-hit';
import { workDaySearchRecord } from '../work-days/work-day-search-record';
import { campaignSearchRecord } from '../campaigns/campaign-search-record';
import { documentSearchRecord } from '../documents/document-search-record';
import { eventSearchRecord } from '../events/event-search-record';
import type { CampaignSource } from '../campaigns/campaign-source.port';
import type { DocumentRepository } from '../documents/document-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { SearchIndex } from '../search/search-index.port';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import { UseCase } from '../shared/use-case';

export interface RebuildSearchIndexDeps extends SitePageReadingDeps {
  events: EventRepository;
  /** Active work days are searched with the events (their sign-up page is their link). */
  workDays: WorkDayRepository;
  documents: DocumentRepository;
  campaignSource: CampaignSource;
  search: SearchIndex;
}

/**
 * Fills the four indexes from the stored data (seeding, `npm run reindex`, or after the index was
 * lost): events, work days and documents from storage, news from the campaign source in use (MailerLite
 * when configured), and the site's pages: the fixed ones (core/content/site-pages.ts) and the Beginners and
 * Information pages from their words now (core/site-pages/).
 */
export class RebuildSearchIndex extends UseCase<RebuildSearchIndexDeps> {
  /**
   * Returns how many records each index now holds (events: events and work days). News comes from an outside source that may
   * be down: then the news index is left as it was and its count is null.
   */
  async execute(fixedPages: SearchRecord[] = pageSearchRecords()): Promise<SearchIndexCounts> {
    return rebuildSearchIndex(this.deps, fixedPages);
  }
}

/** How many records each index holds after a rebuild (news: null when its source was down). */
export interface SearchIndexCounts {
  events: number;
  documents: number;
  news: number | null;
  pages: number;
}

/** The rebuild itself, for a use case that changes indexed records in bulk (an erasure) too. */
export async function rebuildSearchIndex(deps: RebuildSearchIndexDeps, fixedPages: SearchRecord[] = pageSearchRecords()): Promise<SearchIndexCounts> {
  const [events, workDays, documents, campaigns, sitePages] = await Promise.all([
    deps.events.list({ order: 'asc' }),
    deps.workDays.list(),
    deps.documents.list(),
    deps.campaignSource.listRecent().catch(() => null),
    currentSitePages(deps),
  ]);
  const pages = await pagesIndexRecords(
    sitePages.map((page) => page.text),
    fixedPages,
  );
  const workDayRecords = workDays.map((w) => workDaySearchRecord(w)).filter((r) => r !== null);
  await deps.search.replaceAll('events', [...events.map((e) => eventSearchRecord(e)), ...workDayRecords]);
  await deps.search.replaceAll(
    'documents',
    documents.map((d) => documentSearchRecord(d)),
  );
  if (campaigns)
    await deps.search.replaceAll(
      'news',
      campaigns.map((c) => campaignSearchRecord(c)),
    );
  await deps.search.replaceAll(
    'pages',
    pages.map((p) => ({ ...p, type: 'page' as const })),
  );
  return { events: events.length + workDayRecords.length, documents: documents.length, news: campaigns?.length ?? null, pages: pages.length };
}
