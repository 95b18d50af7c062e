import { SearchAnswerSchema, type SearchAnswer } from '@core/use-cases/search';
import { apiGet } from '../../../lib/api';

export { SearchAnswerSchema, type SearchAnswer };

export function searchSite(query: string, signal?: AbortSignal): Promise<SearchAnswer> {
  return apiGet(`/api/search?q=${encodeURIComponent(query)}`, SearchAnswerSchema, { signal });
}
