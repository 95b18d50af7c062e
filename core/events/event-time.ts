import type { ClubEvent } from './event';
import { parseInstant } from '../shared/london-time';

export type BookingClosedReason = 'cancelled' | 'not-bookable' | 'deadline-passed' | 'event-over';

/** When the event is over: its end, else its start, else null (date to be confirmed). */
export function eventEndInstant(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): Date | null {
  return parseInstant(event.eventenddatetime) ?? parseInstant(event.eventdatetime);
}

/**
 * Why the event does not take bookings at `now`, or null when it does. The deadline and the
 * end are inclusive: at the very millisecond of the booking end date a booking is still taken.
 * A cancelled event (cancelledAt set) takes none, whatever else it says.
 */
export function bookingClosedReason(
  event: Pick<ClubEvent, 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'> & { cancelledAt?: string | null },
  now: Date,
): BookingClosedReason | null {
  if (parseInstant(event.cancelledAt ?? null) !== null) return 'cancelled';
  if (!event.allowBooking) return 'not-bookable';
  const deadline = parseInstant(event.bookingEndDate);
  if (deadline !== null && now.getTime() > deadline.getTime()) return 'deadline-passed';
  if (isEventOver(event, now)) return 'event-over';
  return null;
}

/** Whether the event is over at `now`: past its end (else its start; inclusive, as bookings are); an undated one never is. */
export function isEventOver(event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>, now: Date): boolean {
  const end = eventEndInstant(event);
  return end !== null && now.getTime() > end.getTime();
}

export function isBookingOpen(
  event: Pick<ClubEvent, 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'> & { cancelledAt?: string | null },
  now: Date,
): boolean {
  return bookingClosedReason(event, now) === null;
}

/** Whether the event has been called off. */
export function isEventCancelled(event: Pick<ClubEvent, 'cancelledAt'>): boolean {
  return parseInstant(event.cancelledAt ?? null) !== null;
}
