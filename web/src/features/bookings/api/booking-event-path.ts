import { eventApiPath } from '@core/shared/paths';
import { apiQuery, useRead } from '../../../lib/reads';

/**
 * The booking page's read, kept apart from the zod schemas (which load with the page) so the
 * router can start it beside the page's code: the event (GET /api/events/{id}). After a free
 * booking its receipt is read back with the booking's manage token (my-booking-read.ts).
 */
export function bookingEventRead(id: string) {
  return apiQuery(['booking-event', id], eventApiPath(id), async () => (await import('@core/bookings/get-event-for-booking')).EventForBookingSchema);
}

/** The booking page's query (its loader's and its component's). */
export function bookingEventQueryOptions(id: string) {
  return bookingEventRead(id);
}

/** The event being booked, with why booking is closed (if it is). */
export function useBookingEvent(id: string) {
  return useRead(bookingEventRead(id));
}
