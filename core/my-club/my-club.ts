import { bookingEmailKey } from '../bookings/booking';
import type { MyClubBooking, MyClubBookings } from './my-club-schema';
import { holdsPlace, isCancelled, paymentStatus } from '../bookings/booking-state';
import { managePath } from '../bookings/booking-confirmations';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { ClubEvent } from '../events/event';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';
import { recordsById } from '../shared/records-by-id';
import { upcomingAndPast } from './upcoming-and-past';

// The answer's schema lives apart (my-club-schema.ts) so My club's page loads no mail code.
export { MyClubBookingSchema, MyClubBookingsSchema, type MyClubBooking, type MyClubBookings } from './my-club-schema';

/** The most bookings of each kind (the member's own, their e-mail's guest bookings) My club reads. */
export const MY_CLUB_BOOKINGS_LIMIT = 100;

export interface GetMyClubBookingsDeps {
  bookings: BookingRepository;
  events: EventRepository;
  bookingLinks: BookingLinks;
  clock: Clock;
}

function eventEnd(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): number | null {
  const end = event.eventenddatetime ?? event.eventdatetime;
  return end === null ? null : Date.parse(end);
}

/**
 * The signed-in member's bookings (docs/my-club.md): those made signed in, and those made without
 * signing in with the member's e-mail (proven by the sign-in code), never another member's.
 * Upcoming ones first by start, past ones newest first; an unpaid hold that lapsed is left out.
 * Reads: two indexed, limited queries and one read per event booked, whatever the club's size.
 */
export class GetMyClubBookings extends UseCase<GetMyClubBookingsDeps> {
  async execute(member: Pick<Member, 'id' | 'email'>): Promise<MyClubBookings> {
    const now = this.deps.clock.now();
    const emailKey = bookingEmailKey(member.email) ?? '';
    const found = await this.deps.bookings.listForMember({ memberId: member.id, emailKey }, MY_CLUB_BOOKINGS_LIMIT);
    const shown = found.filter((booking) => isCancelled(booking) || holdsPlace(booking, now));
    const events = await recordsById(
      shown.map((booking) => booking.eventId),
      (id) => this.deps.events.get(id),
    );
    return upcomingAndPast(
      shown,
      (booking) => events.get(booking.eventId),
      (booking, event) => {
        const end = eventEnd(event);
        const isUpcoming = end === null || end >= now.getTime();
        const entry: MyClubBooking = {
          bookingId: booking.id,
          reference: booking.reference ?? booking.id,
          eventId: event.id,
          eventName: event.name,
          eventStart: event.eventdatetime,
          upcoming: isUpcoming,
          numberAttending: booking.numberAttending,
          numberOfChildren: booking.numberOfChildren,
          householdAttendees: booking.householdAttendees,
          status: paymentStatus(booking, now),
          cancelled: isCancelled(booking),
          managePath: managePath(this.deps, booking, event),
          madeSignedIn: booking.memberId === member.id,
          receipt:
            booking.paymentRequired && booking.paymentAmount !== null
              ? {
                  amount: booking.paymentAmount,
                  currency: booking.paymentCurrency ?? event.currency,
                  priceKind: booking.priceKind,
                  method: booking.paymentMethod,
                  paid: booking.paid,
                  refundStatus: booking.refundStatus,
                  refundAmount: booking.refundAmount,
                }
              : null,
        };
        return { upcoming: isUpcoming, shown: entry };
      },
      (entry) => (entry.eventStart === null ? Infinity : Date.parse(entry.eventStart)),
    );
  }
}
