import { MyBookingSchema, type MyBooking } from '@core/use-cases/my-booking-schema';
import { apiGet, apiPost } from '../../../lib/api';

export type { MyBooking };

export function myBookingKey(token: string): readonly unknown[] {
  return ['my-booking', token];
}

export function getMyBooking(token: string, signal?: AbortSignal): Promise<MyBooking> {
  return apiGet(`/api/my-booking?${new URLSearchParams({ token }).toString()}`, MyBookingSchema, { signal });
}

/** Cancels the booking the token names; answers the booking as the page now shows it. */
export function cancelMyBooking(token: string): Promise<MyBooking> {
  return apiPost('/api/my-booking/cancel', { token }, MyBookingSchema);
}
