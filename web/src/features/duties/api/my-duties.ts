import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MyDutiesSchema } from '@core/duties/my-duties-schema';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';

const MEMBER = { ignoreUnauthenticated: true } as const;
const slotPath = (slotId: string) => `/api/my/duties/${encodeURIComponent(slotId)}`;

/** The signed-in member's duties and the open slots they may take (GET /api/my/duties). */
export const myDutiesQuery = queryOptions({
  queryKey: ['my', 'duties'],
  queryFn: ({ signal }) => apiGet('/api/my/duties', MyDutiesSchema, { ...MEMBER, signal }),
});

/** Read only once a member is signed in (`enabled`). */
export function useMyDuties(enabled: boolean) {
  return useQuery({ ...myDutiesQuery, enabled });
}

/** Volunteer for a slot, or withdraw from one; each reads the duties again after, refused or not (the slot may have filled). */
export function useMyDutyChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: myDutiesQuery.queryKey });
  return {
    volunteer: useMutation({ mutationFn: (slotId: string) => apiPost(slotPath(slotId), {}, undefined, MEMBER), onSettled: settled }),
    withdraw: useMutation({ mutationFn: (slotId: string) => apiDelete(slotPath(slotId), undefined, MEMBER), onSettled: settled }),
  };
}
