import type { BookingRepository } from '../../core/bookings/booking-repository.port';
import type { OutboxMessage } from '../../core/mail/mail';
import { paidByCardAt } from '../../core/bookings/booking-lifecycle';

/**
 * A card payment recorded as ConfirmPayment records it (BookingRepository.change with the core's
 * paidByCardAt, no capacity): true when this call marked the booking paid, false when it already was.
 */
export async function markPaidByCard(
  bookings: BookingRepository,
  bookingId: string,
  payment: { paymentId: string; paymentCompletedAt: string },
  mail: readonly OutboxMessage[] = [],
): Promise<boolean> {
  const now = new Date(payment.paymentCompletedAt);
  const { changed } = await bookings.change(bookingId, now, (current, placesTaken) => {
    const next = paidByCardAt(current, payment, { capacity: null, placesTaken, now });
    return next ? { booking: next, mail } : null;
  });
  return changed;
}
