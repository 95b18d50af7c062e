import { apiQuery, useRead } from '../../../lib/reads';

/**
 * A member's own booking, named by the signed token of its manage link (GET /api/my-booking):
 * the manage page's read, and the booking page's receipt after a free booking (the same key, so
 * opening "Manage my booking" next needs no new request). Kept apart from the zod schemas so the
 * router can start it beside the page's code.
 */
export function myBookingRead(token: string) {
  return apiQuery(
    ['my-booking', token],
    `/api/my-booking?${new URLSearchParams({ token }).toString()}`,
    async () => (await import('@core/bookings/my-booking-schema')).MyBookingSchema,
  );
}

/** The booking's query (the manage page's loader's and component's, and the booking page's receipt). */
export const myBookingQueryOptions = myBookingRead;

/** The booking the token names, as its manage page shows it. */
export const useMyBooking = (argument: string) => useRead(myBookingRead(argument));
