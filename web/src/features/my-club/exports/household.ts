import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { HouseholdPersonSchema, type HouseholdPerson, type HouseholdPersonForm } from '@core/members/household';
import { MyHouseholdSchema, type MyHousehold } from '@core/members/household-views';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

export type { HouseholdPerson, MyHousehold };
export { bookingHouseholdOf, householdAttendeesOf } from '@core/members/household-views';

const PersonAnswer = z.object({ person: HouseholdPersonSchema });
const InvitedAnswer = z.object({ invitationId: z.string() });
const MEMBER = { ignoreUnauthenticated: true } as const;

/** The signed-in member's household: members, dependants, invitations (GET /api/my/household). */
export const householdQuery = queryOptions({
  queryKey: ['my', 'household'],
  queryFn: async ({ signal }) => apiGet('/api/my/household', MyHouseholdSchema, { ...MEMBER, signal }),
});

/** Read only once a member is signed in (`enabled`). */
export function useHousehold(enabled: boolean) {
  return useQuery({ ...householdQuery, enabled });
}

/** Add, change or remove a person of the household; each reads the household again after. */
export function useHouseholdChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: householdQuery.queryKey });
  return {
    add: useMutation({ mutationFn: (form: HouseholdPersonForm) => apiPost('/api/my/household', form, PersonAnswer, MEMBER), onSettled: settled }),
    change: useMutation({
      mutationFn: ({ id, form }: { id: string; form: HouseholdPersonForm }) =>
        apiPut(`/api/my/household/${encodeURIComponent(id)}`, form, PersonAnswer, MEMBER),
      onSettled: settled,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiDelete(`/api/my/household/${encodeURIComponent(id)}`, undefined, MEMBER), onSettled: settled }),
    invite: useMutation({ mutationFn: (email: string) => apiPost('/api/my/household/invitations', { email }, InvitedAnswer, MEMBER), onSettled: settled }),
    accept: useMutation({
      mutationFn: (id: string) => apiPost(`/api/my/household/invitations/${encodeURIComponent(id)}/accept`, {}, MyHouseholdSchema, MEMBER),
      onSettled: settled,
    }),
    decline: useMutation({
      mutationFn: (id: string) => apiDelete(`/api/my/household/invitations/${encodeURIComponent(id)}`, undefined, MEMBER),
      onSettled: settled,
    }),
    leave: useMutation({ mutationFn: () => apiPost('/api/my/household/leave', {}, undefined, MEMBER), onSettled: settled }),
  };
}
