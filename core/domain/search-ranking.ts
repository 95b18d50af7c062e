import type { SearchHit, SearchType } from '../entities/search-hit';

export const HITS_PER_INDEX = 10;
export const TYPE_PRIORITY: Record<SearchType, number> = { event: 4, document: 3, page: 2, news: 1 };

export function isSearchableQuery(q: string): boolean {
  return q.trim() !== '';
}

/**
 * Events first, then documents, pages and news. Events are ordered by date, latest first (an
 * event without a date last); everything else keeps the provider's relevance order.
 */
export function rankHits(hits: SearchHit[]): SearchHit[] {
  const dateOf = (h: SearchHit) =>
    typeof h.eventDate === 'number' && Number.isFinite(h.eventDate) ? h.eventDate : Number.NEGATIVE_INFINITY;
  return hits
    .map((hit, i) => ({ hit, i }))
    .sort((a, b) => {
      const byType = (TYPE_PRIORITY[b.hit.type] ?? 0) - (TYPE_PRIORITY[a.hit.type] ?? 0);
      if (byType !== 0) return byType;
      if (a.hit.type === 'event') {
        const da = dateOf(a.hit);
        const db = dateOf(b.hit);
        if (da !== db) return db > da ? 1 : -1;
      }
      return a.i - b.i;
    })
    .map(({ hit }) => hit);
}
