import { apiRead, pageReadOf } from '../../../lib/page-data';

/** A member's own waiting-list entry, named by the signed token of its leave link (GET /api/waiting-list). */
export function myWaitingListRead(token: string) {
  return apiRead(['my-waitlist-entry', token], `/api/waiting-list?${new URLSearchParams({ token }).toString()}`, async () => (await import('@core/waiting-list/waiting-list-schema')).MyWaitingListEntrySchema);
}

const myWaitingListEntry = pageReadOf(myWaitingListRead);

/** The entry's query (its page's loader's and component's). */
export const myWaitingListQueryOptions = myWaitingListEntry.queryOptions;

/** The waiting-list entry the token names. */
export const useMyWaitingListEntry = myWaitingListEntry.useRead;
