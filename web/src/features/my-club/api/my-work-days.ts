import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyClubWorkDaysSchema } from '@core/my-club/my-club-schema';
import { apiGet } from '../../../lib/api';

/** The work-day jobs of the signed-in member's e-mail, upcoming and past (GET /api/my/work-days). */
export const myWorkDaysQuery = queryOptions({
  queryKey: ['my', 'work-days'],
  queryFn: ({ signal }) => apiGet('/api/my/work-days', MyClubWorkDaysSchema, { ignoreUnauthenticated: true, signal }),
});

export function useMyWorkDays() {
  return useQuery(myWorkDaysQuery);
}
