import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberSessionAnswer } from '@core/member-sign-in/member-sign-in';
import { apiGet, apiPost } from '../../../lib/api';
import { forgetKeptMemberData } from '../../../lib/offline-status';

/**
 * The signed-in member (GET /api/member/session). Read in the browser only: the server draws
 * every page as a visitor's, so the first drawing in the browser matches it (no hydration
 * mismatch) and the header then shows the member. Every page's header reads it, so its schema
 * (and zod) is fetched after the answer, and only for a signed-in member's.
 */
export const memberSessionQuery = queryOptions({
  queryKey: ['member-session'],
  queryFn: async ({ signal }): Promise<MemberSessionAnswer> => {
    const json = await apiGet<unknown>('/api/member/session', undefined, { signal });
    // Most visitors are not signed in: their answer is exactly `{ member: null }`, and they never
    // load the schemas (zod), whose start-up is a slow phone's one long task on a page that needs
    // nothing else of them. Any other answer is checked against the shared schema.
    if (isVisitorAnswer(json)) return { member: null };
    const { MemberSessionAnswerSchema } = await import('@core/member-sign-in/member-sign-in');
    return MemberSessionAnswerSchema.parse(json);
  },
  staleTime: 60_000,
});

/** The answer for nobody signed in, `{ "member": null }` and nothing else. */
function isVisitorAnswer(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 1 && (json as { member?: unknown }).member === null;
}

export function useMemberSession() {
  return useQuery(memberSessionQuery);
}

/**
 * Sign out (POST /api/member/sign-out), forgetting what the device kept of the member's (docs/offline.md):
 * forgotten even when the server could not be told (no signal), so a shared phone shows nothing of theirs offline.
 */
export function useSignOutMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiPost('/api/member/sign-out', {});
      } finally {
        await forgetKeptMemberData();
      }
    },
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}

/**
 * Sign out everywhere (POST /api/member/sign-out-everywhere): every session of the member ends, on
 * every device (each finds no member at its next request); this device forgets what it kept.
 */
export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiPost('/api/member/sign-out-everywhere', {});
      await forgetKeptMemberData();
    },
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}
