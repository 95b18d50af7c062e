import type { ClubEvent } from '../entities/event';
import type { Booking } from '../entities/booking';
import { isBookingOpen, placesLeft } from '../domain/booking-state';

/** An event as members see it: whether it takes bookings now and how many places are left. */
export type CalendarEvent = ClubEvent & { bookingOpen: boolean; placesLeft: number | null };

export function toCalendarEvent(event: ClubEvent, bookings: Booking[], now: Date): CalendarEvent {
  return { ...event, bookingOpen: isBookingOpen(event, now), placesLeft: placesLeft(event.capacity, bookings, now) };
}
