import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EmailChangeSentSchema,
  MyDetailsSchema,
  type EmailChangeConfirm,
  type EmailChangeRequest,
  type MyDetails,
  type MyDetailsFormValues,
} from '@core/my-club/my-details';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { memberSessionQuery } from '../../member-sign-in/exports/member-session';

const MEMBER = { ignoreUnauthenticated: true } as const;

/** The signed-in member's own details and membership (GET /api/my/details). */
export const myDetailsQuery = queryOptions({
  queryKey: ['my', 'details'],
  queryFn: ({ signal }) => apiGet('/api/my/details', MyDetailsSchema, { ...MEMBER, signal }),
});

export function useMyDetails() {
  return useQuery(myDetailsQuery);
}

/** Changes the member's phone and emergency contact (PUT /api/my/details). */
export function useChangeMyDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: MyDetailsFormValues) => apiPut('/api/my/details', values, MyDetailsSchema, MEMBER),
    onSuccess: (details) => client.setQueryData(myDetailsQuery.queryKey, details),
  });
}

/** Asks for a code at the new address (POST /api/my/details/email). */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: (request: EmailChangeRequest) => apiPost('/api/my/details/email', request, EmailChangeSentSchema, MEMBER) });
}

/** Confirms the new address with its code (POST /api/my/details/email/confirm); the header's e-mail follows. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: EmailChangeConfirm) => apiPost('/api/my/details/email/confirm', confirm, MyDetailsSchema, MEMBER),
    onSuccess: (details: MyDetails) => {
      client.setQueryData(myDetailsQuery.queryKey, details);
      void client.invalidateQueries({ queryKey: memberSessionQuery.queryKey });
    },
  });
}
