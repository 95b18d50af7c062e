import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../../lib/api';
import { myDutiesQuery } from '../exports/my-duties-query';

const MEMBER = { ignoreUnauthenticated: true } as const;
const slotPath = (slotId: string) => `/api/my/duties/${encodeURIComponent(slotId)}`;

/** Volunteer for a slot, or withdraw from one; each reads the duties again after, refused or not (the slot may have filled). */
export function useMyDutyChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: myDutiesQuery.queryKey });
  return {
    volunteer: useMutation({ mutationFn: (slotId: string) => apiPost(slotPath(slotId), {}, undefined, MEMBER), onSettled: settled }),
    withdraw: useMutation({ mutationFn: (slotId: string) => apiDelete(slotPath(slotId), undefined, MEMBER), onSettled: settled }),
  };
}
