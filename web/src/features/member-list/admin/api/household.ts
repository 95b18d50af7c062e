import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminHouseholdSchema, type AdminHousehold } from '@core/members/household-views';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

export type { AdminHousehold };

const path = (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/household`;

/** A member's household (members:write): its members, the contact marked, and dependants. */
export const memberHouseholdQueryOptions = (memberId: string) =>
  adminQueryOptions(['members', memberId, 'household'], () => apiGet(path(memberId), AdminHouseholdSchema));

export function useMemberHousehold(memberId: string) {
  return useQuery(memberHouseholdQueryOptions(memberId));
}

/** Add a member by e-mail, remove one, choose the contact: each answers the household now, which the screen shows. */
export function useMemberHouseholdChanges(memberId: string) {
  const client = useQueryClient();
  const onSuccess = (household: AdminHousehold) => client.setQueryData(memberHouseholdQueryOptions(memberId).queryKey, household);
  return {
    add: useMutation({ mutationFn: (email: string) => apiPost(`${path(memberId)}/members`, { email }, AdminHouseholdSchema), onSuccess }),
    remove: useMutation({
      mutationFn: (removed: string) => apiDelete(`${path(memberId)}/members/${encodeURIComponent(removed)}`, AdminHouseholdSchema),
      onSuccess,
    }),
    choose: useMutation({ mutationFn: (contact: string) => apiPut(`${path(memberId)}/contact`, { memberId: contact }, AdminHouseholdSchema), onSuccess }),
  };
}
