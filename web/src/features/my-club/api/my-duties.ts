import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyDutiesSchema } from '@core/duties/my-duties-schema';
import { apiGet } from '../../../lib/api';

/** The signed-in member's duties (GET /api/my/duties: the duties page's read, under its query key, so the two share one cache entry). */
export const myClubDutiesQuery = queryOptions({
  queryKey: ['my', 'duties'],
  queryFn: ({ signal }) => apiGet('/api/my/duties', MyDutiesSchema, { ignoreUnauthenticated: true, signal }),
});

export function useMyClubDuties() {
  return useQuery(myClubDutiesQuery);
}
