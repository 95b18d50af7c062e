import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyClubWaitingListsSchema } from '@core/my-club/my-club-schema';
import { apiGet } from '../../../lib/api';

/** The signed-in member's places on waiting lists, with offers (GET /api/my/waiting-lists). */
export const myWaitingListsQuery = queryOptions({
  queryKey: ['my', 'waiting-lists'],
  queryFn: ({ signal }) => apiGet('/api/my/waiting-lists', MyClubWaitingListsSchema, { ignoreUnauthenticated: true, signal }),
});

export function useMyWaitingLists() {
  return useQuery(myWaitingListsQuery);
}
