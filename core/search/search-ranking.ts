import { HIGHLIGHT_FIELDS, type SearchHit, type SearchType } from './search-hit';
import { mayHoldAnyWord, partFoundIn, searchReadings, searchWords } from './search-synonyms';

export const HITS_PER_INDEX = 10;
export const TYPE_PRIORITY: Record<SearchType, number> = { event: 4, document: 3, page: 2, news: 1 };

export function isSearchableQuery(q: string): boolean {
  return q.trim() !== '';
}

/**
 * Whether the hit matches the query as typed or through a synonym, with no typo: its text fields
 * and tags hold every word (the last as the beginning of a word). A hit found only thanks to typo
 * tolerance answers false.
 */
export function isExactHit(hit: SearchHit, query: string): boolean {
  return exactMatcher(query)(hit);
}

/**
 * Fields are read one at a time, most telling first, and only as far as needed: a hit whose name
 * holds the query is never tokenised further (this runs on every hit of every keystroke).
 */
function exactMatcher(query: string): (hit: SearchHit) => boolean {
  const readings = searchReadings(query);
  if (readings.length === 0) return () => true;
  // A part is found only where its first word is: a text holding no part's first word is not split.
  const firstWords = readings.flatMap((reading) => reading.map((part) => part.words[0]));
  return (hit) => {
    const texts = [...HIGHLIGHT_FIELDS.filter((f) => f !== 'longdescription').map((f) => hit[f]), ...(hit.tags ?? []), hit.longdescription];
    const missing = readings.map((reading) => new Set(reading));
    for (const text of texts) {
      if (text === undefined || text === '' || !mayHoldAnyWord(text, firstWords)) continue;
      const words = searchWords(text);
      for (const parts of missing) {
        for (const part of parts) if (partFoundIn(part, words)) parts.delete(part);
        if (parts.size === 0) return true;
      }
    }
    return false;
  };
}

/**
 * Events first, then documents, pages and news. Within each kind, hits that match the query
 * exactly (or through a synonym) come before those found only with a typo; then events are
 * ordered by date, latest first (an event without a date last), and everything else keeps the
 * provider's relevance order. Without a query, no hit counts as a typo match.
 */
export function rankHits(hits: SearchHit[], query = ''): SearchHit[] {
  const dateOf = (h: SearchHit) => (typeof h.eventDate === 'number' && Number.isFinite(h.eventDate) ? h.eventDate : Number.NEGATIVE_INFINITY);
  const exact = exactMatcher(query);
  return hits
    .map((hit, i) => ({ hit, i, exact: exact(hit) }))
    .sort((a, b) => {
      const byType = (TYPE_PRIORITY[b.hit.type] ?? 0) - (TYPE_PRIORITY[a.hit.type] ?? 0);
      if (byType !== 0) return byType;
      if (a.exact !== b.exact) return a.exact ? -1 : 1;
      if (a.hit.type === 'event') {
        const da = dateOf(a.hit);
        const db = dateOf(b.hit);
        if (da !== db) return db > da ? 1 : -1;
      }
      return a.i - b.i;
    })
    .map(({ hit }) => hit);
}
