import { MyBookingSchema, type MyBooking } from '@core/use-cases/my-booking-schema';
import { apiGet } from '../../../lib/api';

export type BookedBooking = MyBooking;

/** The same key as the manage page's, so that opening "Manage my booking" next needs no new request. */
export function bookedBookingKey(token: string): readonly unknown[] {
  return ['my-booking', token];
}

/**
 * The booking a free booking's receipt names, read back with its manage token
 * (GET /api/my-booking?token=): the receipt after a reload, or Back and Forward.
 */
export function getBookedBooking(token: string, signal?: AbortSignal): Promise<BookedBooking> {
  return apiGet(`/api/my-booking?${new URLSearchParams({ token }).toString()}`, MyBookingSchema, { signal });
}
