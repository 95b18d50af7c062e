import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MyWaitingListEntrySchema, type MyWaitingListEntry } from '@core/waiting-list/waiting-list-schema';
import { apiPost } from '../../../lib/api';
import { myWaitingListQueryOptions } from './waiting-list-read';

export type { MyWaitingListEntry };

/** Takes the entry the token names off its waiting list (POST /api/waiting-list/leave); answers the entry as it now is. */
export function leaveWaitingList(token: string): Promise<MyWaitingListEntry> {
  return apiPost('/api/waiting-list/leave', { token }, MyWaitingListEntrySchema);
}

/** Leave the waiting list: the answer replaces the entry the page shows. */
export function useLeaveWaitingList(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitingList(token),
    onSuccess: (entry) => client.setQueryData(myWaitingListQueryOptions(token).queryKey, entry),
  });
}
