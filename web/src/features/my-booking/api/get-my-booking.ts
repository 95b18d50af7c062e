import { MyBookingSchema, type MyBooking } from '@core/use-cases/my-booking-schema';
import { apiGet } from '../../../lib/api';

export type { MyBooking };

export function myBookingKey(token: string): readonly unknown[] {
  return ['my-booking', token];
}

export function getMyBooking(token: string, signal?: AbortSignal): Promise<MyBooking> {
  return apiGet(`/api/my-booking?${new URLSearchParams({ token }).toString()}`, MyBookingSchema, { signal });
}
