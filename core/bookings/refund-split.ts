import type { Booking } from './booking';
import { paidByCard } from './booking-lifecycle';

/**
 * A booking paid by card in more than one payment (the booking, then each larger change paid
 * through its own checkout: docs/payments.md#changing-a-booking) is refunded over its payments
 * newest first, each part capped at what that payment has left, so that no payment is ever
 * refunded more than it took and the gateway is never asked for more than a payment holds.
 */

/** One card payment of a booking and what is left of it to refund. `index` 0 is the booking's own payment, then each change's. */
export interface CardPayment {
  index: number;
  paymentId: string;
  amount: number;
}

/** The part of a refund made against one payment. */
export type RefundPart = CardPayment;

type PaymentsBooking = Pick<Booking, 'paymentMethod' | 'paymentId' | 'paymentAmount' | 'paid' | 'amendments'>;

/** The refund of `amount` split over the payments (`left`: what each has left), newest first, each part capped at what its payment has left. */
export function splitRefund(left: readonly CardPayment[], amount: number): RefundPart[] {
  const parts: RefundPart[] = [];
  let owed = Math.max(0, amount);
  for (const payment of [...left].sort((a, b) => b.index - a.index)) {
    if (owed <= 0) break;
    const part = Math.min(owed, Math.max(0, payment.amount));
    if (part > 0) parts.push({ index: payment.index, paymentId: payment.paymentId, amount: part });
    owed -= part;
  }
  return parts;
}

/**
 * The booking's card payments (oldest first) with what each has left once the refunds of its
 * changes are taken off: every change refund asked of the gateway (pending, made or refused) is
 * split as splitRefund splits it over the payments made before it, up to (not including)
 * `beforeRevision` when given. Empty for a booking not paid by card.
 */
export function cardPaymentsLeft(booking: PaymentsBooking, beforeRevision = Number.POSITIVE_INFINITY): CardPayment[] {
  if (!booking.paid || !paidByCard(booking) || booking.paymentId === null) return [];
  const payments: CardPayment[] = [{ index: 0, paymentId: booking.paymentId, amount: booking.paymentAmount ?? 0 }];
  for (const amendment of booking.amendments) {
    if (amendment.revision >= beforeRevision) break;
    if (amendment.paymentId !== null && amendment.difference > 0) {
      payments.push({ index: payments.length, paymentId: amendment.paymentId, amount: amendment.difference });
    } else if (amendment.difference < 0 && amendment.refundStatus !== null && amendment.refundStatus !== 'by-hand') {
      for (const part of splitRefund(payments, -amendment.difference)) payments[part.index].amount -= part.amount;
    }
  }
  return payments;
}

/** The parts of the refund of change `revision` (a smaller booking's difference), over the payments made before it. */
export function changeRefundParts(booking: PaymentsBooking, revision: number): RefundPart[] {
  const amendment = booking.amendments.find((a) => a.revision === revision);
  if (!amendment || amendment.difference >= 0) return [];
  return splitRefund(cardPaymentsLeft(booking, revision), -amendment.difference);
}

/** The parts of a cancellation's refund (`refundAmount`), over what the payments have left after the changes' refunds. */
export function cancellationRefundParts(booking: PaymentsBooking & Pick<Booking, 'refundAmount'>): RefundPart[] {
  return splitRefund(cardPaymentsLeft(booking), booking.refundAmount ?? 0);
}

/**
 * The idempotency key of one part of a refund: `base` (the refund's own key, which the booking's
 * first payment keeps, as before larger changes) with the payment's index for a change's payment.
 * One key per (refund, payment), at most 45 characters (Square's limit).
 */
export function refundPartKey(base: { prefix: string; bookingId: string }, part: Pick<RefundPart, 'index'>): string {
  const payment = part.index === 0 ? '' : `p${part.index}-`;
  return `${base.prefix}-${payment}${base.bookingId}`.slice(0, 45);
}

/**
 * The parts of a refund made in parts already refunded, by payment index, as `partsRefundId`
 * records them in the booking's `refundId` (`p0:<refund id> p1:<refund id>`): a retry after
 * another part was refused never asks for them again (its key moved on with the refusal).
 */
export function refundedParts(refundId: string | null): Map<number, string> {
  const done = new Map<number, string>();
  for (const match of (refundId ?? '').matchAll(/(?:^|\s)p(\d+):(\S+)/g)) done.set(Number(match[1]), match[2]);
  return done;
}

/** The refund ids of a refund made in parts, by payment index, as the booking's `refundId` keeps them (at most 200 characters). */
export function partsRefundId(done: ReadonlyMap<number, string>): string {
  return [...done]
    .sort(([a], [b]) => a - b)
    .map(([index, id]) => `p${index}:${id}`)
    .join(' ')
    .slice(0, 200);
}
