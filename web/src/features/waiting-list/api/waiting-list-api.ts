import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MyWaitlistEntrySchema, type MyWaitlistEntry } from '@core/waiting-list/waiting-list-schema';
import { apiPost } from '../../../lib/api';
import { myWaitlistQueryOptions } from './waiting-list-read';

export type { MyWaitlistEntry };

/** Takes the entry the token names off its waiting list (POST /api/waiting-list/leave); answers the entry as it now is. */
export function leaveWaitingList(token: string): Promise<MyWaitlistEntry> {
  return apiPost('/api/waiting-list/leave', { token }, MyWaitlistEntrySchema);
}

/** Leave the waiting list: the answer replaces the entry the page shows. */
export function useLeaveWaitingList(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitingList(token),
    onSuccess: (entry) => client.setQueryData(myWaitlistQueryOptions(token).queryKey, entry),
  });
}
