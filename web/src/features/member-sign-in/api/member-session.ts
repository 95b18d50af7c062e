import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MemberSessionAnswerSchema, SignInMessageSchema, type MemberSessionAnswer, type SignInCodeCheck } from '@core/member-sign-in/member-sign-in';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * The signed-in member (GET /api/member/session). Read in the browser only: the server draws
 * every page as a visitor's, so the first drawing in the browser matches it (no hydration
 * mismatch) and the header then shows the member.
 */
export const memberSessionQuery = queryOptions({
  queryKey: ['member-session'],
  queryFn: ({ signal }) => apiGet('/api/member/session', MemberSessionAnswerSchema, { signal }),
  staleTime: 60_000,
});

export function useMemberSession() {
  return useQuery(memberSessionQuery);
}

/** "Email me a code" (POST /api/member/sign-in/code): the same answer whoever the address belongs to. */
export function useRequestSignInCode() {
  return useMutation({
    mutationFn: (email: string) => apiPost('/api/member/sign-in/code', { email }, SignInMessageSchema),
  });
}

/** Signs in with the code (POST /api/member/sign-in); the header learns of the member at once. */
export function useSignInWithCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (check: SignInCodeCheck) => apiPost('/api/member/sign-in', check, MemberSessionAnswerSchema),
    onSuccess: (answer: MemberSessionAnswer) => client.setQueryData(memberSessionQuery.queryKey, answer),
  });
}

/** Sign out (POST /api/member/sign-out). */
export function useSignOutMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/member/sign-out', {}),
    onSuccess: () => client.setQueryData(memberSessionQuery.queryKey, { member: null }),
  });
}
