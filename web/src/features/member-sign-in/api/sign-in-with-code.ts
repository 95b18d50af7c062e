import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberSessionAnswerSchema, SignInMessageSchema, type MemberSessionAnswer, type SignInCodeCheck } from '@core/member-sign-in/member-sign-in';
import { apiPost } from '../../../lib/api';
import { memberSessionQuery } from '../exports/member-session';

/** "Email me a code" (POST /api/member/sign-in/code): the same answer whoever the address belongs to. */
export function useRequestSignInCode() {
  return useMutation({ mutationFn: (email: string) => apiPost('/api/member/sign-in/code', { email }, SignInMessageSchema) });
}

/** Signs in with the code (POST /api/member/sign-in); the header learns of the member at once. */
export function useSignInWithCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (check: SignInCodeCheck) => apiPost('/api/member/sign-in', check, MemberSessionAnswerSchema),
    onSuccess: (answer: MemberSessionAnswer) => client.setQueryData(memberSessionQuery.queryKey, answer),
  });
}
