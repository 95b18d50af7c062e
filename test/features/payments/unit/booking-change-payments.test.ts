import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendmentRefundSettled,
  bookingPrice,
  changeAttemptOf,
  changeCheckoutBookingId,
  changePaidAt,
  decideBookingChange,
  isChangeToPay,
  withChangeCheckoutOpened,
  type ChangeToPay,
  type DecidedChange,
} from '../../../../core/bookings/booking-amendment';
import { cancelled } from '../../../../core/bookings/booking-lifecycle';
import { bookingRevenue, placesTaken } from '../../../../core/bookings/booking-state';
import { EMPTY_LEDGER, ledgerFromBookings, ledgerTaken, ledgerWithBooking, ledgerWithChange } from '../../../../core/bookings/places-ledger';
import {
  cancellationRefundParts,
  cardPaymentsLeft,
  changeRefundParts,
  refundPartKey,
  splitRefund,
  type CardPayment,
} from '../../../../core/bookings/refund-split';
import { priceBooking } from '../../../../core/bookings/pricing';
import type { Booking } from '../../../../core/bookings/booking';
import { makeBooking, paymentFields } from '../../../support/unit/domain-fixtures';

const NOW = new Date('2026-05-01T10:10:00.000Z');
const PRICE = 1000;
const paidEvent = { requiresPayment: true, price: PRICE };
const rules = (capacity: number | null, placesTaken: number) => ({ deadline: null, contact: 'secretary@example.org', room: { capacity, placesTaken } });
const counts = (numberAttending: number) => ({ numberAttending, numberOfChildren: 0 });
const price = (n: number) => ({ amount: priceBooking(paidEvent, counts(n)), priceKind: 'standard' as const, memberPlaces: 0, memberId: null });

function cardBooking(attending: number): Booking {
  return makeBooking({
    ...counts(attending),
    submittedAt: '2026-05-01T09:00:00.000Z',
    ...paymentFields('card', priceBooking(paidEvent, counts(attending)), 'bk-1'),
  });
}

const paymentsArb = fc
  .array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 6 })
  .map((amounts) => amounts.map((amount, index): CardPayment => ({ index, paymentId: `pay-${index}`, amount })));

describe('refunds split over a booking’s payments (properties)', () => {
  it('never refunds more than asked, than is left in all, or than any payment has left; newest payment first', () => {
    fc.assert(
      fc.property(paymentsArb, fc.integer({ min: 0, max: 400_000 }), (left, amount) => {
        const parts = splitRefund(left, amount);
        const total = left.reduce((sum, p) => sum + p.amount, 0);
        expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(Math.min(amount, total));
        for (const part of parts) {
          expect(part.amount).toBeGreaterThan(0);
          expect(part.amount).toBeLessThanOrEqual(left[part.index].amount);
        }
        expect(parts.map((p) => p.index)).toEqual([...parts.map((p) => p.index)].sort((a, b) => b - a));
        // An older payment is touched only once every newer one is used up.
        for (const part of parts.slice(0, -1)) expect(part.amount).toBe(left[part.index].amount);
        // One idempotency key per payment of the refund.
        expect(new Set(parts.map((p) => refundPartKey({ prefix: 'refund-0', bookingId: 'bk-1' }, p))).size).toBe(parts.length);
      }),
    );
  });

  it('over any history of larger (paid) and smaller (refunded) changes and a cancellation: each payment refunded at most what it took, and all of it in the end; revenue is always the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }), (start, steps) => {
        let booking = cardBooking(start);
        const paid = new Map<string, number>([[booking.paymentId!, booking.paymentAmount!]]);
        const refunded = new Map<string, number>();
        const refund = (parts: { paymentId: string; amount: number }[]) => {
          for (const part of parts) refunded.set(part.paymentId, (refunded.get(part.paymentId) ?? 0) + part.amount);
        };
        for (const [i, attending] of steps.entries()) {
          const at = new Date(NOW.getTime() + i * 60_000);
          const checkout = { attempt: booking.changeAttempts + 1, checkoutId: `chk-c${booking.changeAttempts + 1}` };
          const decided = decideBookingChange(booking, { ...counts(attending), price: price(attending), at, checkout }, rules(null, 0));
          if (typeof decided === 'string') continue;
          if (isChangeToPay(decided)) {
            const paymentId = `pay-c${checkout.attempt}`;
            const made = changePaidAt(
              decided.booking,
              { checkoutId: checkout.checkoutId, paymentId, paymentCompletedAt: at.toISOString() },
              { capacity: null, placesTaken: 0, now: at },
            );
            expect(made.kind).toBe('made');
            if (made.kind !== 'made') return;
            booking = made.booking;
            paid.set(paymentId, made.amendment.difference);
          } else {
            const { booking: next, amendment } = decided as DecidedChange;
            booking = next;
            if (amendment.refundStatus === 'pending') {
              refund(changeRefundParts(booking, amendment.revision));
              booking = amendmentRefundSettled(booking, amendment.revision, { status: 'REFUNDED', refundId: `r-${i}` }, at, 'unreachable');
            }
          }
          expect(bookingRevenue(booking)).toBe(bookingPrice(booking));
          expect(bookingPrice(booking)).toBe(priceBooking(paidEvent, counts(booking.numberAttending)));
        }
        const gone = cancelled(booking, { at: NOW, by: 'member', refund: true });
        expect(gone.refundAmount ?? 0).toBe(cardPaymentsLeft(booking).reduce((sum, p) => sum + p.amount, 0));
        refund(cancellationRefundParts(gone));
        for (const [paymentId, amount] of paid) expect(refunded.get(paymentId) ?? 0).toBe(amount);
        expect([...refunded.keys()].every((id) => paid.has(id))).toBe(true);
      }),
    );
  });
});

describe("a change checkout's attempt, read back from its booking id (properties)", () => {
  const idArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/);
  it('reads back the attempt of every change checkout of the booking, and nothing from any other booking id', () => {
    fc.assert(
      fc.property(idArb, fc.integer({ min: 1, max: 999_999 }), (bookingId, attempt) => {
        expect(changeAttemptOf(bookingId, changeCheckoutBookingId(bookingId, attempt))).toBe(attempt);
      }),
    );
    fc.assert(
      fc.property(idArb, idArb, (bookingId, other) => {
        const attempt = changeAttemptOf(bookingId, other);
        // Only ever an attempt whose checkout booking id is exactly `other`.
        if (attempt !== null) expect(changeCheckoutBookingId(bookingId, attempt)).toBe(other);
      }),
    );
    expect(['bk-1', 'bk-1_c', 'bk-1_c0', 'bk-1_c01', 'bk-1_c1x', 'bk-2_c1', 'xbk-1_c1'].map((id) => changeAttemptOf('bk-1', id))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('a larger change paid by card (properties)', () => {
  it('waits for its payment holding only its extra places, and once paid is made within capacity, once; paid too late for its places it is refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (start, target, spare, takenMeanwhile) => {
          const booking = cardBooking(start);
          const capacity = start + spare;
          const checkout = { attempt: 1, checkoutId: 'chk-c1' };
          const decided = decideBookingChange(booking, { ...counts(target), price: price(target), at: NOW, checkout }, rules(capacity, start));
          if (target <= start) {
            expect(typeof decided === 'string' || !isChangeToPay(decided)).toBe(true);
            return;
          }
          if (target > capacity) {
            expect(decided).toMatch(/^Sorry, only/);
            return;
          }
          const { booking: waiting, pending } = decided as ChangeToPay;
          expect(waiting.numberAttending).toBe(start);
          expect(pending).toMatchObject({ difference: (target - start) * PRICE, checkoutId: 'chk-c1' });
          // Its hold counts its extra places, in the ledger as over the bookings, until it lapses.
          const ledger = ledgerWithChange(ledgerWithBooking(EMPTY_LEDGER, booking), booking, waiting, NOW);
          expect(ledgerTaken(ledger, NOW)).toBe(target);
          expect(placesTaken([waiting], NOW)).toBe(target);
          expect(ledgerTaken(ledgerFromBookings([waiting], NOW), NOW)).toBe(target);
          const lapsed = new Date(NOW.getTime() + 10 * 60_000);
          expect(ledgerTaken(ledger, lapsed)).toBe(start);
          expect(placesTaken([waiting], lapsed)).toBe(start);
          const opened = withChangeCheckoutOpened(waiting, NOW)!;
          expect(placesTaken([opened], new Date(NOW.getTime() + 29 * 60_000))).toBe(target);

          // Paid after the hold lapsed: others took `takenMeanwhile` of the places meanwhile.
          const others = Math.min(takenMeanwhile, capacity - start);
          const payment = { checkoutId: 'chk-c1', paymentId: 'pay-c1', paymentCompletedAt: lapsed.toISOString() };
          const result = changePaidAt(waiting, payment, { capacity, placesTaken: start + others, now: lapsed });
          if (others + target <= capacity) {
            expect(result.kind).toBe('made');
            if (result.kind !== 'made') return;
            expect(result.booking).toMatchObject({ numberAttending: target, pendingChange: null });
            expect(others + result.booking.numberAttending).toBeLessThanOrEqual(capacity);
            expect(bookingRevenue(result.booking)).toBe(target * PRICE);
            // The webhook and the card form both confirm it: recorded once.
            expect(changePaidAt(result.booking, payment, { capacity, placesTaken: start + others, now: lapsed })).toEqual({ kind: 'recorded' });
          } else {
            expect(result.kind).toBe('late');
            if (result.kind !== 'late') return;
            expect(result.booking.numberAttending).toBe(start);
            expect(result.pending.latePaymentId).toBe('pay-c1');
            expect(bookingRevenue(result.booking)).toBe(start * PRICE);
            expect(changePaidAt(result.booking, payment, { capacity, placesTaken: start + others, now: lapsed })).toEqual({ kind: 'recorded' });
          }
          // Another checkout is not this change's.
          expect(changePaidAt(waiting, { ...payment, checkoutId: 'chk-other' }, { capacity, placesTaken: start, now: NOW })).toEqual({ kind: 'stale' });
        },
      ),
    );
  });

  it('a double click finds the change waiting (one checkout); another attempt started meanwhile is refused as raced', () => {
    const booking = cardBooking(1);
    const first = decideBookingChange(
      booking,
      { ...counts(2), price: price(2), at: NOW, checkout: { attempt: 1, checkoutId: 'chk-c1' } },
      rules(null, 1),
    ) as ChangeToPay;
    const again = decideBookingChange(first.booking, { ...counts(2), price: price(2), at: NOW }, rules(null, 2)) as ChangeToPay;
    expect(again.booking).toBe(first.booking);
    expect(
      decideBookingChange(first.booking, { ...counts(3), price: price(3), at: NOW, checkout: { attempt: 1, checkoutId: 'chk-c1b' } }, rules(null, 2)),
    ).toBe('This booking was changed meanwhile. Please check its numbers and try again.');
    const other = decideBookingChange(
      first.booking,
      { ...counts(3), price: price(3), at: NOW, checkout: { attempt: 2, checkoutId: 'chk-c2' } },
      rules(null, 2),
    ) as ChangeToPay;
    expect(other.pending).toMatchObject({ attempt: 2, checkoutId: 'chk-c2', difference: 2000 });
  });
});
