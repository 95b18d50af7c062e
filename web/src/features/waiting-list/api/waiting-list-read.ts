import { apiRead, readQuery, useApiRead } from '../../../lib/page-data';

/** A member's own waiting-list entry, named by the signed token of its leave link (GET /api/waiting-list). */
export function myWaitingListRead(token: string) {
  return apiRead(['my-waitlist-entry', token], `/api/waiting-list?${new URLSearchParams({ token }).toString()}`, async () => (await import('@core/waiting-list/waiting-list-schema')).MyWaitingListEntrySchema);
}

/** The entry's query (its page's loader's and component's). */
export function myWaitingListQueryOptions(token: string) {
  return readQuery(myWaitingListRead(token));
}

/** The waiting-list entry the token names. */
export function useMyWaitingListEntry(token: string) {
  return useApiRead(myWaitingListRead(token));
}
