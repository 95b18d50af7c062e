import type { ClubEvent } from '../events/event';
import type { WaitlistEntry } from './waiting-list-entry';
import { waitingListPath } from '../shared/paths';
import type { BookingLinks } from '../bookings/booking-links.port';
import { manageLinkExpiry } from '../bookings/booking-confirmations';

/** A leave link works as long as a manage link would: until 90 days after the event. */
export function waitlistLinkExpiry(entry: Pick<WaitlistEntry, 'joinedAt'>, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): Date {
  return manageLinkExpiry({ submittedAt: entry.joinedAt }, event);
}

/** The member's own waiting-list page (path with its signed token). */
export function waitlistPath(links: BookingLinks, entry: WaitlistEntry, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): string {
  return waitingListPath(links.issue(entry.id, waitlistLinkExpiry(entry, event)));
}
