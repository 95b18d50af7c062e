import type { BookingFormValues } from '@core/entities/booking';
import { BookingReceiptSchema, type BookingReceipt } from '@core/use-cases/booking-receipt-schema';
import { apiPost } from '../../../lib/api';

export type { BookingReceipt };

export function submitBooking(eventId: string, values: BookingFormValues, offerToken?: string): Promise<BookingReceipt> {
  return apiPost('/api/bookings', { eventId, ...values, ...(offerToken ? { offerToken } : {}) }, BookingReceiptSchema);
}
