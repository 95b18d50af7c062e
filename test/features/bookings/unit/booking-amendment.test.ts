import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendmentRefundSettled,
  bookingPrice,
  CHANGE_MESSAGES,
  changeCounts,
  decideBookingChange,
  MAX_BOOKING_CHANGES,
  type ChangeToPay,
  type DecidedChange,
} from '../../../../core/bookings/booking-amendment';
import { cancelled } from '../../../../core/bookings/booking-lifecycle';
import { bookingRevenue, holdsPlace, paymentStatus } from '../../../../core/bookings/booking-state';
import { EMPTY_LEDGER, ledgerTaken, ledgerWithBooking, ledgerWithChange } from '../../../../core/bookings/places-ledger';
import { priceBooking } from '../../../../core/bookings/pricing';
import type { Booking } from '../../../../core/bookings/booking';
import { makeBooking, paymentFields, type PaymentKind } from '../../../support/unit/domain-fixtures';

const NOW = new Date('2026-05-01T10:10:00.000Z');
const PRICE = 1250;
const paidEvent = { requiresPayment: true, price: PRICE };
const rules = (capacity: number | null, placesTaken: number) => ({ deadline: null, contact: 'secretary@example.org', room: { capacity, placesTaken } });

function price(booking: Booking, counts: { numberAttending: number; numberOfChildren: number }) {
  return { amount: booking.paymentRequired ? priceBooking(paidEvent, counts) : 0, priceKind: 'standard' as const, memberPlaces: 0, memberId: null };
}

/** A booking that stands (free, or paid by card, cash or transfer), priced as the server prices it. */
const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    attending: fc.integer({ min: 1, max: 12 }),
    children: fc.integer({ min: 0, max: 12 }),
    kind: fc.constantFrom<PaymentKind>('free', 'card', 'cash', 'transfer'),
  })
  .map(({ attending, children, kind }) => {
    const counts = { numberAttending: attending, numberOfChildren: Math.min(children, attending) };
    return makeBooking({ ...counts, submittedAt: '2026-05-01T09:00:00.000Z', ...paymentFields(kind, priceBooking(paidEvent, counts), 'bk-1') });
  });

const countsArb = fc
  .record({ attending: fc.integer({ min: 1, max: 12 }), children: fc.integer({ min: 0, max: 12 }) })
  .map(({ attending, children }) => ({ numberAttending: attending, numberOfChildren: Math.min(children, attending) }));

function decide(booking: Booking, counts: { numberAttending: number; numberOfChildren: number }, capacity: number | null, others: number) {
  return decideBookingChange(booking, { ...counts, price: price(booking, counts), at: NOW }, rules(capacity, others + booking.numberAttending));
}

describe('changing a booking (properties)', () => {
  it('a change is made only when its places fit: the event never holds more than its capacity, and a refusal says how many are left', () => {
    fc.assert(
      fc.property(bookingArb, countsArb, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 30 }), (booking, counts, spare, othersWanted) => {
        // The event as it stands fits its bookings: this one and the others.
        const capacity = booking.numberAttending + spare;
        const others = Math.min(othersWanted, spare);
        const result = decide(booking, counts, capacity, others);
        const same = counts.numberAttending === booking.numberAttending && counts.numberOfChildren === booking.numberOfChildren;
        if (typeof result === 'string') {
          if (!same && others + counts.numberAttending > capacity) expect(result).toBe(CHANGE_MESSAGES.noRoom(capacity - others));
          return;
        }
        expect(others + result.booking.numberAttending).toBeLessThanOrEqual(capacity);
        // The ledger, changed in the same write, counts the new places and nothing else; a larger
        // change waiting for its card payment keeps the booking's places and holds only the extra ones.
        const ledger = ledgerWithChange(ledgerWithBooking(EMPTY_LEDGER, booking), booking, result.booking, NOW);
        const waiting = 'pending' in result;
        expect(ledgerTaken(ledger, NOW)).toBe(waiting ? Math.max(booking.numberAttending, counts.numberAttending) : counts.numberAttending);
      }),
    );
  });

  it('the money: a smaller paid booking owes back exactly the difference (by the gateway for a card, by hand otherwise); the club then keeps the new price', () => {
    fc.assert(
      fc.property(bookingArb, countsArb, (booking, counts) => {
        const result = decide(booking, counts, null, 0);
        const newPrice = booking.paymentRequired ? priceBooking(paidEvent, counts) : 0;
        const difference = newPrice - bookingPrice(booking);
        if (counts.numberAttending === booking.numberAttending && counts.numberOfChildren === booking.numberOfChildren) {
          expect(result).toBe(CHANGE_MESSAGES.unchanged);
          return;
        }
        if (difference > 0) {
          if (booking.paymentMethod !== 'card') {
            // Cash or a transfer: the difference is for the club to take by hand.
            expect(result).toMatch(/more, which cannot yet be paid online/);
            return;
          }
          // By card: the change waits for the difference, paid through its own checkout; nothing else changes yet.
          const { booking: waiting, pending } = result as ChangeToPay;
          expect(pending).toMatchObject({ attempt: 1, difference, numberAttending: counts.numberAttending, numberOfChildren: counts.numberOfChildren });
          expect(waiting).toEqual({ ...booking, pendingChange: pending, changeAttempts: 1 });
          return;
        }
        const { booking: next, amendment } = result as DecidedChange;
        expect(amendment).toMatchObject({ revision: 1, difference, numberAttending: counts.numberAttending, numberAttendingBefore: booking.numberAttending });
        expect(amendment.refundStatus).toBe(difference === 0 ? null : booking.paymentMethod === 'card' ? 'pending' : 'by-hand');
        expect(bookingPrice(next)).toBe(newPrice);
        // The price the member paid stays recorded as paid; the refund is its own line.
        expect(next.paymentAmount).toBe(booking.paymentAmount);
        expect(paymentStatus(next, NOW)).toBe(paymentStatus(booking, NOW));
        if (amendment.refundStatus === 'pending') {
          const refunded = amendmentRefundSettled(next, 1, { status: 'REFUNDED', refundId: 'r-1' }, NOW, 'unreachable');
          expect(bookingRevenue(refunded)).toBe(newPrice);
          // Cancelling afterwards refunds what is left, so all refunds together are the payment.
          const gone = cancelled(refunded, { at: NOW, by: 'member', refund: true });
          expect((gone.refundAmount ?? 0) + -difference).toBe(booking.paymentAmount);
        }
        if (amendment.refundStatus === 'by-hand') {
          // Owed by hand already: a later cancellation owes only the rest, never the difference twice.
          const gone = cancelled(next, { at: NOW, by: 'member', refund: true });
          expect((gone.refundAmount ?? 0) + -difference).toBe(booking.paymentAmount);
        }
      }),
    );
  });

  it('a change keeps what still fits: drinks, meals and named household attendees never exceed the new numbers', () => {
    fc.assert(
      fc.property(bookingArb, countsArb, fc.integer({ min: 0, max: 12 }), (booking, counts, extras) => {
        const withExtras = {
          ...booking,
          numberOfSoftDrinks: Math.min(extras, booking.numberAttending),
          numberOfVegetarian: Math.min(extras, booking.numberAttending),
        };
        const result = decide(withExtras, counts, null, 0);
        if (typeof result === 'string') return;
        expect(result.booking.numberOfSoftDrinks).toBeLessThanOrEqual(result.booking.numberAttending);
        expect(result.booking.numberOfVegetarian).toBeLessThanOrEqual(result.booking.numberAttending);
        expect(holdsPlace(result.booking, NOW)).toBe(true);
      }),
    );
  });
});

describe('changing a booking (refusals)', () => {
  const free = makeBooking({ numberAttending: 3 });
  it('refuses a cancelled booking, one past its deadline, an unpaid one, and too many changes', () => {
    const counts = { numberAttending: 2, numberOfChildren: 0 };
    const at = NOW;
    const p = price(free, counts);
    expect(decideBookingChange({ ...free, cancelledAt: NOW.toISOString() }, { ...counts, price: p, at }, rules(null, 0))).toBe(CHANGE_MESSAGES.cancelled);
    expect(decideBookingChange(free, { ...counts, price: p, at }, { ...rules(null, 0), deadline: new Date(NOW.getTime() - 1) })).toMatch(
      /^This booking can no longer be changed online: changes closed at /,
    );
    // The deadline itself is still in time, as for cancelling.
    expect(typeof decideBookingChange(free, { ...counts, price: p, at }, { ...rules(null, 0), deadline: NOW })).toBe('object');
    const unpaid = makeBooking({ numberAttending: 3, ...paymentFields('unpaid', 3750, 'bk-1') });
    expect(decideBookingChange(unpaid, { ...counts, price: p, at }, rules(null, 0))).toBe(CHANGE_MESSAGES.unpaid);
    let booking: Booking = free;
    for (let i = 0; i < MAX_BOOKING_CHANGES; i += 1) {
      const next = decideBookingChange(booking, { numberAttending: booking.numberAttending === 3 ? 2 : 3, numberOfChildren: 0, price: p, at }, rules(null, 0));
      booking = (next as DecidedChange).booking;
    }
    expect(booking.amendments.map((a) => a.revision)).toEqual(Array.from({ length: MAX_BOOKING_CHANGES }, (_, i) => i + 1));
    expect(decideBookingChange(booking, { numberAttending: 1, numberOfChildren: 0, price: p, at }, rules(null, 0))).toBe(
      CHANGE_MESSAGES.tooManyChanges('secretary@example.org'),
    );
  });

  it('refuses a second refund while the first is still asked of the gateway', () => {
    const card = makeBooking({ numberAttending: 4, ...paymentFields('card', 4 * PRICE, 'bk-1') });
    const first = decide(card, { numberAttending: 3, numberOfChildren: 0 }, null, 0) as DecidedChange;
    expect(first.amendment.refundStatus).toBe('pending');
    expect(decide(first.booking, { numberAttending: 2, numberOfChildren: 0 }, null, 0)).toBe(CHANGE_MESSAGES.refundOpen);
  });

  it('reads the counts as the booking form does, within the per-booking limit', () => {
    expect(changeCounts({ numberAttending: ' 3 ', numberOfChildren: '' }, 50)).toEqual({ ok: true, numberAttending: 3, numberOfChildren: 0 });
    expect(changeCounts({ numberAttending: '0', numberOfChildren: '' }, 50)).toMatchObject({ ok: false, field: 'numberAttending' });
    expect(changeCounts({ numberAttending: '51', numberOfChildren: '' }, 50)).toMatchObject({ ok: false, error: 'Number attending must be between 1 and 50' });
    expect(changeCounts({ numberAttending: 2, numberOfChildren: 3 }, 50)).toMatchObject({ ok: false, field: 'numberOfChildren' });
    expect(changeCounts({ numberAttending: 1.5, numberOfChildren: 0 }, 50)).toMatchObject({ ok: false });
  });
});
