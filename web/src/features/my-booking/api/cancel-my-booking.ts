import { MyBookingSchema, type MyBooking } from '@core/use-cases/my-booking-schema';
import { apiPost } from '../../../lib/api';

export type { MyBooking };

/** Cancels the booking the token names; answers the booking as the page now shows it. */
export function cancelMyBooking(token: string): Promise<MyBooking> {
  return apiPost('/api/my-booking/cancel', { token }, MyBookingSchema);
}
