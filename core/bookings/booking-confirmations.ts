import { bookingConfirmation } from './booking-mail';
import { newOutboxMessage } from '../mail/outbox';
import type { Booking } from './booking';
import type { ClubEvent } from '../events/event';
import type { OutboxMessage } from '../mail/mail';
import { eventBookingPath, manageBookingPath } from '../shared/paths';
import type { BookingLinks } from './booking-links.port';
import type { IdGenerator } from '../shared/id-generator.port';

/** A member's manage link works until 90 days after the event (or after booking, for an undated event). */
export const MANAGE_LINK_DAYS_AFTER = 90;

export function manageLinkExpiry(booking: Pick<Booking, 'submittedAt'>, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): Date {
  const last = Date.parse(event.eventenddatetime ?? event.eventdatetime ?? booking.submittedAt);
  return new Date(last + MANAGE_LINK_DAYS_AFTER * 86_400_000);
}

/** What the booking use cases need to write a confirmation. */
export interface ConfirmationDeps {
  bookingLinks: BookingLinks;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** The member's manage page (path and signed token). */
export function managePath(deps: Pick<ConfirmationDeps, 'bookingLinks'>, booking: Booking, event: ClubEvent): string {
  return manageBookingPath(deps.bookingLinks.issue(booking.id, manageLinkExpiry(booking, event)));
}

/** The member's manage link, in full. */
export function manageUrl(deps: Pick<ConfirmationDeps, 'bookingLinks' | 'siteSettings'>, booking: Booking, event: ClubEvent): string {
  return `${deps.siteSettings.publicBaseUrl}${managePath(deps, booking, event)}`;
}

/**
 * The confirmation to write with a booking whose places are now held for good (a free booking,
 * or a payment): one outbox message, or none when the member gave no e-mail address.
 */
export function confirmationMail(deps: ConfirmationDeps, booking: Booking, event: ClubEvent, now: Date): OutboxMessage[] {
  const { bookingLinks, siteSettings, ids } = deps;
  if (!booking.userEmail) return [];
  const mail = bookingConfirmation(booking, event, {
    clubName: siteSettings.clubName,
    location: siteSettings.clubName,
    manageUrl: manageUrl({ bookingLinks, siteSettings }, booking, event),
    eventUrl: `${siteSettings.publicBaseUrl}${eventBookingPath(event.id)}`,
  });
  return [newOutboxMessage(ids.next(), 'booking-confirmation', booking.id, mail, now)];
}
