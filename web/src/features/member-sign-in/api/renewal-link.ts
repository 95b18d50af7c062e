import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberSessionAnswerSchema, type MemberSessionAnswer } from '@core/member-sign-in/member-sign-in';
import { apiPost } from '../../../lib/api';
import { memberSessionQuery } from '../exports/member-session';

/** Signs in with a renewal reminder's link (POST /api/member/sign-in/renewal-link); the header learns of the member at once. */
export function useSignInWithRenewalLink(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/member/sign-in/renewal-link', { token }, MemberSessionAnswerSchema),
    onSuccess: (answer: MemberSessionAnswer) => client.setQueryData(memberSessionQuery.queryKey, answer),
  });
}
