import type { Booking, PaymentStatus } from '../entities/booking';
import type { ClubEvent } from '../entities/event';
import { parseInstant } from './london-time';

/** How long an unpaid booking of a paid event keeps its places while the member pays. */
export const HOLD_MINUTES = 30;
const HOLD_MS = HOLD_MINUTES * 60 * 1000;

export type BookingClosedReason = 'not-bookable' | 'deadline-passed' | 'event-over';

/** When the event is over: its end, else its start, else null (date to be confirmed). */
export function eventEndInstant(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): Date | null {
  return parseInstant(event.eventenddatetime) ?? parseInstant(event.eventdatetime);
}

/**
 * Why the event does not take bookings at `now`, or null when it does. The deadline and the
 * end are inclusive: at the very millisecond of the booking end date a booking is still taken.
 */
export function bookingClosedReason(
  event: Pick<ClubEvent, 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'>,
  now: Date,
): BookingClosedReason | null {
  if (!event.allowBooking) return 'not-bookable';
  const deadline = parseInstant(event.bookingEndDate);
  if (deadline !== null && now.getTime() > deadline.getTime()) return 'deadline-passed';
  const end = eventEndInstant(event);
  if (end !== null && now.getTime() > end.getTime()) return 'event-over';
  return null;
}

export function isBookingOpen(
  event: Pick<ClubEvent, 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'>,
  now: Date,
): boolean {
  return bookingClosedReason(event, now) === null;
}

/**
 * When an unpaid booking of a paid event stops holding its places (epoch ms, exclusive); null
 * for a booking that holds them for good: free and paid bookings, and one whose submission time
 * cannot be read (it cannot be proved to have lapsed).
 */
export function holdExpiry(booking: Pick<Booking, 'paymentRequired' | 'paid' | 'submittedAt'>): number | null {
  if (!booking.paymentRequired || booking.paid) return null;
  const submitted = parseInstant(booking.submittedAt);
  return submitted === null ? null : submitted.getTime() + HOLD_MS;
}

/** Free and paid bookings hold their places for good; unpaid ones for HOLD_MINUTES. */
export function holdsPlace(booking: Pick<Booking, 'paymentRequired' | 'paid' | 'submittedAt'>, now: Date): boolean {
  const until = holdExpiry(booking);
  return until === null || now.getTime() < until;
}

export function placesTaken(
  bookings: Pick<Booking, 'numberAttending' | 'paymentRequired' | 'paid' | 'submittedAt'>[],
  now: Date,
): number {
  let taken = 0;
  for (const b of bookings) if (holdsPlace(b, now)) taken += b.numberAttending;
  return taken;
}

/** Places still free, never below 0; null when the event has no capacity. */
export function placesLeft(
  capacity: number | null,
  bookings: Pick<Booking, 'numberAttending' | 'paymentRequired' | 'paid' | 'submittedAt'>[],
  now: Date,
): number | null {
  if (capacity === null) return null;
  return Math.max(0, capacity - placesTaken(bookings, now));
}

export function paymentStatus(booking: Pick<Booking, 'paid' | 'paymentAmount'>): PaymentStatus {
  if (booking.paid) return 'Paid';
  if (!booking.paymentAmount) return 'Free Event';
  return 'Pending';
}

export function truncatePaymentId(id: string | null): string {
  return id === null ? '' : id.slice(0, 8);
}
