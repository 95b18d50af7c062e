import { z } from 'zod';
import type { BookingFormValues } from '@core/entities/booking';
import { CurrencySchema } from '@core/entities/money';
import { apiPost } from '../../../lib/api';

const BookingReceiptSchema = z.object({
  bookingId: z.string(),
  paymentRequired: z.boolean(),
  amount: z.number(),
  currency: CurrencySchema,
  checkoutId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});
export type BookingReceipt = z.infer<typeof BookingReceiptSchema>;

export function submitBooking(eventId: string, values: BookingFormValues): Promise<BookingReceipt> {
  return apiPost('/api/bookings', { eventId, ...values }, BookingReceiptSchema);
}
