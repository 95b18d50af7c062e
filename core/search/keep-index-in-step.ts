import type { SearchIndexName, SearchRecord } from './search-hit';
import type { SearchIndex } from './search-index.port';

/** Called with an index update that failed; the server logs it. */
export type SearchIndexErrorReporter = (error: unknown) => void;

/** What keeping the search index in step with a change needs: the index, and who hears of a failure. */
export interface SearchIndexingDeps {
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/**
 * Runs a search index update after the stored data has changed. The stored data is what
 * counts and the index can be rebuilt from it (RebuildSearchIndex), so an index failure is
 * reported rather than turning a saved change into an error the admin would retry.
 */
export async function keepIndexInStep(update: () => Promise<void>, report: SearchIndexErrorReporter): Promise<void> {
  try {
    await update();
  } catch (error) {
    report(error);
  }
}

/** After a record is saved: its search record added or replaced, a failure reported (keepIndexInStep). */
export function upsertInStep(deps: SearchIndexingDeps, index: SearchIndexName, records: SearchRecord[]): Promise<void> {
  return keepIndexInStep(() => deps.search.upsert(index, records), deps.reportSearchIndexError);
}

/** After a record is deleted: its search record removed, a failure reported (keepIndexInStep). */
export function removeInStep(deps: SearchIndexingDeps, index: SearchIndexName, objectIDs: string[]): Promise<void> {
  return keepIndexInStep(() => deps.search.remove(index, objectIDs), deps.reportSearchIndexError);
}
