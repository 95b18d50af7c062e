import type { WaitlistFormValues } from '@core/entities/waitlist-entry';
import { JoinedWaitingListSchema, type JoinedWaitingList } from '@core/use-cases/waitlist-schema';
import { apiPost } from '../../../lib/api';

export type { JoinedWaitingList };

export function joinWaitingList(eventId: string, values: WaitlistFormValues): Promise<JoinedWaitingList> {
  return apiPost(`/api/events/${encodeURIComponent(eventId)}/waiting-list`, values, JoinedWaitingListSchema);
}
