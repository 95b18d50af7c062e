import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import { NotFoundError } from '../shared/errors';
import { BOOKING_NOT_FOUND } from '../shared/messages';
import type { Booking } from './booking';
import type { BookingLinks } from './booking-links.port';
import type { BookingRepository } from './booking-repository.port';
import { holdsPlace, isCancelled } from './booking-state';

export interface ManageLinkDeps {
  bookingLinks: BookingLinks;
  bookings: Pick<BookingRepository, 'get'>;
  events: Pick<EventRepository, 'get'>;
}

/**
 * The booking a manage link names, with its event, as the member's manage page and its cancel and
 * change steps all find it. A forged, altered or expired link, a booking or event that no longer
 * exists, or an unpaid hold that lapsed (it holds nothing: the member was never booked) is "Booking
 * not found": the answer never says which. A cancelled booking is found, as cancelled.
 */
export async function manageLinkBooking(deps: ManageLinkDeps, token: string, now: Date): Promise<{ booking: Booking; event: ClubEvent }> {
  const bookingId = deps.bookingLinks.read(token, now);
  const booking = bookingId === null ? null : await deps.bookings.get(bookingId);
  const event = booking ? await deps.events.get(booking.eventId) : null;
  if (!booking || !event || (!isCancelled(booking) && !holdsPlace(booking, now))) throw new NotFoundError(BOOKING_NOT_FOUND);
  return { booking, event };
}
