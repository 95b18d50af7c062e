import { MyWaitlistEntrySchema, type MyWaitlistEntry } from '@core/use-cases/waitlist-schema';
import { apiGet, apiPost } from '../../../lib/api';

export type { MyWaitlistEntry };

export function myWaitlistKey(token: string): readonly unknown[] {
  return ['my-waitlist-entry', token];
}

export function getMyWaitlistEntry(token: string, signal?: AbortSignal): Promise<MyWaitlistEntry> {
  return apiGet(`/api/waiting-list?${new URLSearchParams({ token }).toString()}`, MyWaitlistEntrySchema, { signal });
}

export function leaveWaitingList(token: string): Promise<MyWaitlistEntry> {
  return apiPost('/api/waiting-list/leave', { token }, MyWaitlistEntrySchema);
}
