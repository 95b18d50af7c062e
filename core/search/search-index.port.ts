import type { SearchHit, SearchIndexName, SearchRecord } from './search-hit';

export interface SearchIndex {
  /** The provider's name, shown after "Powered by" in the search dialog. */
  readonly providerName: string;
  /**
   * Searches the four indexes for the query (already known to be non-blank) and returns up to
   * `hitsPerIndex` hits from each, each marked with its index and carrying highlights for the
   * matched text fields. Order across indexes is unspecified: the caller ranks with core rules.
   * Text in highlights, joined, equals the record's field text. With `highlight: 'shown'` only the
   * fields a result shows (shownTextFields, core/search/search-display.ts) need highlights: an
   * adapter may leave out the others' (work for nothing on every keystroke).
   */
  search(query: string, options: { hitsPerIndex: number; highlight?: 'all' | 'shown' }): Promise<SearchHit[]>;
  /** Adds or replaces records in one index (by objectID). */
  upsert(index: SearchIndexName, records: SearchRecord[]): Promise<void>;
  /** Removes records by objectID; unknown ids are ignored. */
  remove(index: SearchIndexName, objectIDs: string[]): Promise<void>;
  /** Replaces the whole content of one index. */
  replaceAll(index: SearchIndexName, records: SearchRecord[]): Promise<void>;
}
