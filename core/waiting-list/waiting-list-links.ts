import type { ClubEvent } from '../events/event';
import type { WaitingListEntry } from './waiting-list-entry';
import { waitingListPath } from '../shared/paths';
import type { BookingLinks } from '../bookings/booking-links.port';
import { manageLinkExpiry } from '../bookings/booking-confirmations';

/** A leave link works as long as a manage link would: until 90 days after the event. */
export function waitingListLinkExpiry(entry: Pick<WaitingListEntry, 'joinedAt'>, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): Date {
  return manageLinkExpiry({ submittedAt: entry.joinedAt }, event);
}

/** The member's own waiting-list page (path with its signed token). */
export function signedWaitingListPath(links: BookingLinks, entry: WaitingListEntry, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): string {
  return waitingListPath(links.issue(entry.id, waitingListLinkExpiry(entry, event)));
}
