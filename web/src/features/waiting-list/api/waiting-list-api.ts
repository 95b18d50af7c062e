import { MyWaitlistEntrySchema, type MyWaitlistEntry } from '@core/use-cases/waitlist-schema';
import { apiPost } from '../../../lib/api';

export type { MyWaitlistEntry };


export function leaveWaitingList(token: string): Promise<MyWaitlistEntry> {
  return apiPost('/api/waiting-list/leave', { token }, MyWaitlistEntrySchema);
}
