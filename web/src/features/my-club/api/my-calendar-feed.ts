import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MyCalendarFeedLinkSchema } from '@core/my-club/my-club-schema';
import { apiGet, apiPost } from '../../../lib/api';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** The address of the signed-in member's private calendar feed, or null (GET /api/my/calendar-feed). */
export const myCalendarFeedQuery = queryOptions({
  queryKey: ['my', 'calendar-feed'],
  queryFn: ({ signal }) => apiGet('/api/my/calendar-feed', MyCalendarFeedLinkSchema, { ...MEMBER, signal }),
});

export function useMyCalendarFeed() {
  return useQuery(myCalendarFeedQuery);
}

/** Makes the feed's address, or a new one in place of the old (POST /api/my/calendar-feed). */
export function useResetMyCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/my/calendar-feed', {}, MyCalendarFeedLinkSchema, MEMBER),
    onSuccess: (link) => client.setQueryData(myCalendarFeedQuery.queryKey, link),
  });
}
