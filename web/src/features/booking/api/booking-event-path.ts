import { eventApiPath } from '@core/paths';
import { apiRead } from '../../../lib/page-data';

/**
 * The booking page's read, kept apart from the zod schemas (which load with the page) so the
 * router can start it beside the page's code: the event (GET /api/events/{id}). After a free
 * booking its receipt is read back with the booking's manage token (my-booking-read.ts).
 */
export function bookingEventRead(id: string) {
  return apiRead(['booking-event', id], eventApiPath(id), async () => (await import('@core/use-cases/get-event-for-booking')).EventForBookingSchema);
}

/** The booking page's query key in the data layer (lib/query.ts). */
export function bookingEventKey(id: string) {
  return bookingEventRead(id).queryKey;
}
