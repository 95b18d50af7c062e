import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyDutiesSchema } from '@core/duties/my-duties-schema';
import { apiGet } from '../../../lib/api';

/** The signed-in member's duties and the open slots they may take (GET /api/my/duties): the duties page and My club read the same cache entry. */
export const myDutiesQuery = queryOptions({
  queryKey: ['my', 'duties'],
  queryFn: ({ signal }) => apiGet('/api/my/duties', MyDutiesSchema, { ignoreUnauthenticated: true, signal }),
});

/** Read only once a member is signed in (`enabled`). */
export function useMyDuties(enabled = true) {
  return useQuery({ ...myDutiesQuery, enabled });
}
