import { z } from 'zod';
import { SearchHitSchema } from './search-hit';
import { HITS_PER_INDEX, isSearchableQuery, rankHits } from './search-ranking';
import type { SearchIndex } from './search-index.port';
import type { Clock } from '../shared/clock.port';
import { isSearchHitVisible } from './search-hit';
import { shownHit } from './search-display';
import { UseCase } from '../shared/use-case';

/** Longer text is cut: nobody types more into the search box, and it keeps queries cheap. */
export const MAX_QUERY_LENGTH = 200;

export interface SearchSiteDeps {
  search: SearchIndex;
  /** News items indexed ahead of their publish time are found from that time on. */
  clock: Clock;
  /** Told about a failed search: the spec logs it and shows the member an empty list, no message. */
  reportSearchError: (error: unknown) => void;
}

export const SearchAnswerSchema = z.object({ hits: z.array(SearchHitSchema), provider: z.string() });
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** The search dialog: the four indexes, 10 hits each, ranked by the club's rules. */
export class SearchSite extends UseCase<SearchSiteDeps> {
  async execute(query: string): Promise<SearchAnswer> {
    const provider = this.deps.search.providerName;
    const text = typeof query === 'string' ? [...query].slice(0, MAX_QUERY_LENGTH).join('') : '';
    if (!isSearchableQuery(text)) return { hits: [], provider };
    try {
      const hits = await this.deps.search.search(text, { hitsPerIndex: HITS_PER_INDEX, highlight: 'shown' });
      const now = this.deps.clock.now();
      const shown = hits.filter((hit) => isSearchHitVisible(hit, now));
      return { hits: rankHits(shown, text).map(shownHit), provider };
    } catch (error) {
      this.deps.reportSearchError(error);
      return { hits: [], provider };
    }
  }
}
