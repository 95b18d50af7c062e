import { useMutation } from '@tanstack/react-query';
import type { WaitingListFormValues } from '@core/waiting-list/waiting-list-entry';
import { JoinedWaitingListSchema, type JoinedWaitingList } from '@core/waiting-list/waiting-list-schema';
import { apiPost } from '../../../lib/api';

export type { JoinedWaitingList };

/** Puts a member on a full event's waiting list (POST /api/events/{id}/waiting-list); answers their place in line. */
export function joinWaitingList(eventId: string, values: WaitingListFormValues): Promise<JoinedWaitingList> {
  return apiPost(`/api/events/${encodeURIComponent(eventId)}/waiting-list`, values, JoinedWaitingListSchema);
}

/** Join the waiting list: its answer (`data` once `isSuccess`) is the place in line the form then shows. */
export function useJoinWaitingList(eventId: string) {
  return useMutation({ mutationFn: (values: WaitingListFormValues) => joinWaitingList(eventId, values) });
}
