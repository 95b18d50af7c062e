import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { hasPermission } from '../admins/permissions';
import type { Booking } from './booking';
import { refundOwedByHand } from './booking-state';
import { CurrencySchema, MinorUnitsSchema } from '../shared/money';

/**
 * Money taken by hand (cash, a bank transfer) that a cancellation owes back: "to refund by hand"
 * (docs/payments.md#refunds-by-hand). Apart from the e-mail's words (hand-refund-mail.ts) so the
 * admin panel reads the list with no mail code.
 */

/** One booking to repay by hand, as the admins' list and e-mail give it. */
export const HandRefundSchema = z.object({
  bookingId: z.string(),
  /** The member's name as booked. */
  name: z.string(),
  amount: MinorUnitsSchema,
  currency: CurrencySchema,
  paymentMethod: z.enum(['cash', 'transfer']),
  /** The admin's note of the payment taken (receipt number, bank reference), if any. */
  paymentReference: z.string().nullable(),
});
export type HandRefund = z.infer<typeof HandRefundSchema>;

/** The booking's refund to make by hand, or null when it owes none (nothing owed, or a card refund). */
export function handRefundOf(
  booking: Pick<Booking, 'id' | 'firstName' | 'lastName' | 'refundStatus' | 'refundAmount' | 'paymentCurrency' | 'paymentMethod' | 'paymentReference'>,
): HandRefund | null {
  if (!refundOwedByHand(booking) || booking.refundAmount === null || booking.paymentCurrency === null) return null;
  return {
    bookingId: booking.id,
    name: `${booking.firstName} ${booking.lastName}`,
    amount: booking.refundAmount,
    currency: booking.paymentCurrency,
    paymentMethod: booking.paymentMethod === 'transfer' ? 'transfer' : 'cash',
    paymentReference: booking.paymentReference,
  };
}

/** Every refund still to make by hand among these bookings, in their order. */
export function handRefundsOf(bookings: readonly Parameters<typeof handRefundOf>[0][]): HandRefund[] {
  return bookings.map(handRefundOf).filter((r): r is HandRefund => r !== null);
}

/**
 * Who is told of refunds to make by hand: every admin account not disabled that may record one
 * (bookings:write), the treasurer's and secretary's kind of account. The first admin holds it.
 */
export function handRefundRecipients(admins: readonly Admin[]): Admin[] {
  return admins.filter((admin) => !admin.disabled && hasPermission(admin, 'bookings:write'));
}
