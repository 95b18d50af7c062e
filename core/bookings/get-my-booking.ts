import { bookingDetails, refundLine } from './booking-mail';
import { selfCancelRefusal } from './booking-lifecycle';
import { isEmailed } from './booking-without-email';
import { isCancelled, paymentStatus } from './booking-state';
import type { BookingLinks } from './booking-links.port';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { toCalendarEvent } from './calendar-event';
import type { MyBooking } from './my-booking-schema';
import { manageLinkBooking } from './manage-link-booking';
import { UseCase } from '../shared/use-case';

export { MyBookingQuerySchema, MyBookingSchema, type MyBooking } from './my-booking-schema';

export interface GetMyBookingDeps {
  bookings: BookingRepository;
  events: EventRepository;
  bookingLinks: BookingLinks;
  clock: Clock;
  /** Whom a member who can no longer cancel online should contact. */
  contactEmail: string;
  /** MAX_ATTENDEES_PER_BOOKING. */
  maxAttendees: number;
}

/**
 * The booking a manage link names. A forged, altered or expired link, or a booking or event that
 * no longer exists, is "Booking not found": the answer never says which.
 */
export class GetMyBooking extends UseCase<GetMyBookingDeps> {
  async execute(token: string): Promise<MyBooking> {
    const now = this.deps.clock.now();
    const { booking, event } = await manageLinkBooking(this.deps, token, now);
    const refusal = selfCancelRefusal(booking, event, now, this.deps.contactEmail);
    const taken = (await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0;
    return {
      bookingId: booking.id,
      reference: booking.reference ?? booking.id,
      firstName: booking.firstName,
      status: paymentStatus(booking, now),
      details: bookingDetails(booking, event).map(([label, value]) => ({ label, value })),
      event: toCalendarEvent(event, taken, now),
      canCancel: refusal === null,
      cancelled: isCancelled(booking),
      note: isCancelled(booking) ? refundLine(booking) : refusal,
      emailGiven: isEmailed(booking),
      numberAttending: booking.numberAttending,
      numberOfChildren: booking.numberOfChildren,
      // The change rule (core/bookings/booking-amendment.ts) refuses these at once; the rest it says when asked.
      canChange: refusal === null && (!booking.paymentRequired || booking.paid),
      maxAttendees: this.deps.maxAttendees,
    };
  }
}
