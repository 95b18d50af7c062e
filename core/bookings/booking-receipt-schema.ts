import { z } from 'zod';
import { CurrencySchema } from '../shared/money';

/**
 * The answer to a booking (SubmitBooking), apart from the use case so that the booking page,
 * which reads it, loads no mail or calendar-file code (the use case's confirmations do).
 */
export const SubmitBookingResultSchema = z.object({
  bookingId: z.string(),
  /** The short reference the member is shown and may quote (`KYC-7F3K9`). */
  reference: z.string().nullable(),
  paymentRequired: z.boolean(),
  /** Minor units, computed here from the stored event; 0 for a free booking. */
  amount: z.number().int(),
  currency: CurrencySchema,
  /** The checkout to pay, for a paid booking; null otherwise. */
  checkoutId: z.string().nullable(),
  /** The member's manage page for a free booking (kept by a member without e-mail); null for a paid one until paid. */
  managePath: z.string().nullable(),
});
export type SubmitBookingResult = z.infer<typeof SubmitBookingResultSchema>;

/** The API's answer to a booking: the result, and where the member pays (the card step's address; null when free). */
export const BookingReceiptSchema = SubmitBookingResultSchema.extend({ redirectUrl: z.string().nullable() });
export type BookingReceipt = z.infer<typeof BookingReceiptSchema>;
