import { apiQuery, useRead } from '../../../lib/reads';

/** A member's own waiting-list entry, named by the signed token of its leave link (GET /api/waiting-list). */
export function myWaitingListRead(token: string) {
  return apiQuery(
    ['my-waitlist-entry', token],
    `/api/waiting-list?${new URLSearchParams({ token }).toString()}`,
    async () => (await import('@core/waiting-list/waiting-list-schema')).MyWaitingListEntrySchema,
  );
}

/** The entry's query (its page's loader's and component's). */
export const myWaitingListQueryOptions = myWaitingListRead;

/** The waiting-list entry the token names. */
export const useMyWaitingListEntry = (argument: string) => useRead(myWaitingListRead(argument));
