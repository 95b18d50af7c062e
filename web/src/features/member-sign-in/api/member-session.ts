import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberSessionAnswer } from '@core/member-sign-in/member-sign-in';
import { apiGet, apiPost } from '../../../lib/api';
import { forgetKeptMemberData } from '../../../lib/offline-status';

/**
 * The signed-in member (GET /api/member/session). Read in the browser only: the server draws
 * every page as a visitor's, so the first drawing in the browser matches it (no hydration
 * mismatch) and the header then shows the member. Every page's header reads it, so its schema
 * (and zod) is fetched with the answer rather than in the app's first download.
 */
export const memberSessionQuery = queryOptions({
  queryKey: ['member-session'],
  queryFn: async ({ signal }): Promise<MemberSessionAnswer> => {
    const [{ MemberSessionAnswerSchema }, json] = await Promise.all([import('@core/member-sign-in/member-sign-in'), apiGet<unknown>('/api/member/session', undefined, { signal })]);
    return MemberSessionAnswerSchema.parse(json);
  },
  staleTime: 60_000,
});

export function useMemberSession() {
  return useQuery(memberSessionQuery);
}

/** Sign out (POST /api/member/sign-out), forgetting what the device kept of the member's (docs/offline.md). */
export function useSignOutMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiPost('/api/member/sign-out', {});
      await forgetKeptMemberData();
    },
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}
