import { apiRead } from '../../../lib/page-data';

/** A member's own waiting-list entry, named by the signed token of its leave link (GET /api/waiting-list). */
export function myWaitlistRead(token: string) {
  return apiRead(['my-waitlist-entry', token], `/api/waiting-list?${new URLSearchParams({ token }).toString()}`, async () => (await import('@core/use-cases/waitlist-schema')).MyWaitlistEntrySchema);
}
