import { z } from 'zod';
import { AuditEntrySchema } from '../audit/audit';
import { AdminNamesSchema } from '../audit/audit-schema';
import { AdminBookingViewSchema, BookingFormValuesSchema, PaymentStatusSchema } from './booking';
import { EventSchema } from '../events/event';
import { HandRefundSchema } from './hand-refunds';

/** The admin booking screen's requests and answer (AdminBookingActions), apart so the browser loads no server rules. */
/**
 * Cancelling one booking: with or without a refund, and the reason the member is told (optional;
 * up to 2000 characters once trimmed: bookingCancelReason in booking-lifecycle.ts).
 */
export const AdminCancelRequestSchema = z.object({ refund: z.boolean(), reason: z.string().max(10000).default('') });
export const AdminMarkPaidRequestSchema = z.object({ method: z.enum(['cash', 'transfer']), reference: z.string().trim().max(200).default('') });
export const AdminRefundRequestSchema = z.object({
  /** For cash or a transfer: the admin's note of the money handed back. */
  reference: z.string().trim().max(200).default(''),
});
/** What an admin may correct: the booking form's fields (the same rules as booking). */
export const AdminCorrectRequestSchema = BookingFormValuesSchema;

export const AdminBookingSchema = z.object({
  booking: AdminBookingViewSchema.extend({ paymentStatus: PaymentStatusSchema }),
  event: EventSchema.nullable(),
  /** The booking's refund still to make by hand (cash or a transfer), if any. */
  handRefund: HandRefundSchema.nullable(),
  /** What the booking screen offers (the server still checks each). */
  can: z.object({ cancel: z.boolean(), refund: z.boolean(), markPaid: z.boolean(), correct: z.boolean(), resend: z.boolean() }),
  /** The booking's audit entries, newest first. */
  history: z.array(AuditEntrySchema),
  /** The names of the admins the history mentions, by uid (an admin since removed is not in it). */
  adminNames: AdminNamesSchema,
});
export type AdminBooking = z.infer<typeof AdminBookingSchema>;

export const BOOKING_ACTION_MESSAGES = {
  countsOfPaid: 'The number attending and children of a paid booking cannot be changed: cancel it (with a refund) and book again.',
  notStanding: 'Only a booking that stands (not cancelled, not expired) can be sent its confirmation.',
  noEmail: 'This booking has no e-mail address.',
} as const;
