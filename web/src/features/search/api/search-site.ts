import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SearchAnswerSchema, type SearchAnswer } from '@core/search/search';
import { apiGet } from '../../../lib/api';

export { SearchAnswerSchema, type SearchAnswer };

/** The site search's hits for the text (GET /api/search). */
export function searchSite(query: string, signal?: AbortSignal): Promise<SearchAnswer> {
  return apiGet(`/api/search?q=${encodeURIComponent(query)}`, SearchAnswerSchema, { signal });
}

/** One query per text: an older answer never replaces a newer one. */
export function searchQueryOptions(query: string) {
  return queryOptions({ queryKey: ['search', query], queryFn: ({ signal }) => searchSite(query, signal) });
}

/**
 * The search dialog's answer for the text now in the box, asked for while `enabled`; the previous
 * hits stay (as placeholder data) while the new answer comes.
 */
export function useSiteSearch(query: string, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
