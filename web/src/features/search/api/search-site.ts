import { z } from 'zod';
import { SearchHitSchema } from '@core/entities/search-hit';
import { apiGet } from '../../../lib/api';

export const SearchAnswerSchema = z.object({
  hits: z.array(SearchHitSchema),
  provider: z.string().optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

export function searchSite(query: string, signal?: AbortSignal): Promise<SearchAnswer> {
  return apiGet(`/api/search?q=${encodeURIComponent(query)}`, SearchAnswerSchema, { signal });
}
