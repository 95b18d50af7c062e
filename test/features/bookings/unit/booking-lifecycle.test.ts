import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelled,
  LIFECYCLE_MESSAGES,
  paidByCardAt,
  paidOffline,
  refundKey,
  refundSettled,
  roomRefusal,
  selfCancelRefusal,
  type RefundOutcome,
} from '../../../../core/bookings/booking-lifecycle';
import { changedFields } from '../../../../core/audit/audit';
import { bookingRevenue, holdsPlace, paymentStatus } from '../../../../core/bookings/booking-state';
import type { Booking } from '../../../../core/bookings/booking';
import { makeBooking, makeEvent, msInstant, paymentFields, paymentKind } from '../../../support/unit/domain-fixtures';

const NOW = new Date('2026-05-01T10:10:00.000Z');

/** Any booking a member or admin could hold: free, unpaid, paid by card, cash or transfer. */
const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    places: fc.integer({ min: 1, max: 20 }),
    kind: paymentKind,
    amount: fc.integer({ min: 1, max: 100_000 }),
    minutesAgo: fc.integer({ min: 0, max: 120 }),
    id: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .map(({ places, kind, amount, minutesAgo, id }) =>
    makeBooking({ id, numberAttending: places, submittedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(), ...paymentFields(kind, amount, id) }),
  );

const outcomeArb: fc.Arbitrary<RefundOutcome> = fc.oneof(
  fc.record({ status: fc.constant('REFUNDED' as const), refundId: fc.string({ minLength: 1, maxLength: 20 }) }),
  fc.record({ status: fc.constant('FAILED' as const), message: fc.string({ minLength: 1, maxLength: 50 }) }),
  fc.constant({ status: 'UNKNOWN' as const }),
);

describe('booking life-cycle rules (properties)', () => {
  it('a cancelled booking holds no places; with a refund it owes back exactly what it kept, by the gateway only for a card', () => {
    fc.assert(
      fc.property(bookingArb, fc.boolean(), (booking, refund) => {
        const next = cancelled(booking, { at: NOW, by: 'member', refund });
        expect(holdsPlace(next, NOW)).toBe(false);
        // Money taken by hand is "To refund by hand", never "Refund failed" (a card refund the gateway refused).
        expect(['Cancelled', 'To refund by hand']).toContain(paymentStatus(next, NOW));
        const kept = bookingRevenue(booking);
        if (!refund || kept === 0) {
          expect(next.refundStatus).toBeNull();
          expect(bookingRevenue(next)).toBe(kept);
        } else {
          expect(next.refundAmount).toBe(kept);
          expect(next.refundStatus).toBe(booking.paymentMethod === 'card' ? 'pending' : 'by-hand');
        }
      }),
    );
  });

  it('once refunded, revenue is payments less refunds and never below nothing; refunding again changes nothing', () => {
    fc.assert(
      fc.property(bookingArb, fc.array(outcomeArb, { minLength: 1, maxLength: 5 }), (booking, outcomes) => {
        let current = cancelled(booking, { at: NOW, by: 'member', refund: true });
        const keys = new Set<string>();
        for (const outcome of outcomes) {
          const before = current;
          keys.add(refundKey(current));
          current = refundSettled(current, outcome, NOW);
          expect(refundKey(current).length).toBeLessThanOrEqual(45);
          // Only a definite refusal moves to a new idempotency key: a lost answer is asked again the same way.
          if (before.refundStatus === 'pending' || before.refundStatus === 'failed') {
            expect(refundKey(current) !== refundKey(before)).toBe(outcome.status === 'FAILED');
          } else {
            expect(current).toBe(before);
          }
        }
        expect(bookingRevenue(current)).toBeGreaterThanOrEqual(0);
        if (current.refundStatus === 'refunded') expect(bookingRevenue(current)).toBe(0);
        else expect(bookingRevenue(current)).toBe(bookingRevenue(booking));
      }),
    );
  });

  it('a card payment is kept only while its places fit, and never takes the event past its capacity', () => {
    fc.assert(
      fc.property(bookingArb, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (booking, capacity, othersTaken) => {
        fc.pre(booking.paymentRequired && !booking.paid);
        const others = Math.min(othersTaken, capacity);
        const own = holdsPlace(booking, NOW) ? booking.numberAttending : 0;
        const next = paidByCardAt(booking, { paymentId: 'pay-late', paymentCompletedAt: NOW.toISOString() }, { capacity, placesTaken: others + own, now: NOW });
        expect(next).not.toBeNull();
        const after = others + (next && holdsPlace(next, NOW) ? next.numberAttending : 0);
        expect(after).toBeLessThanOrEqual(Math.max(capacity, others + own));
        expect(next?.paid).toBe(true);
        if (next?.cancelledAt) expect(next).toMatchObject({ cancelledBy: 'system', refundStatus: 'pending', refundAmount: booking.paymentAmount });
        else expect(others + booking.numberAttending).toBeLessThanOrEqual(capacity);
      }),
    );
  });

  it('room is refused exactly when the other places and the wanted ones exceed the capacity', () => {
    fc.assert(
      fc.property(
        bookingArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (booking, wanted, capacity, others) => {
          const own = holdsPlace(booking, NOW) ? booking.numberAttending : 0;
          const refusal = roomRefusal(booking, wanted, { capacity, placesTaken: others + own, now: NOW });
          expect(refusal === null).toBe(others + wanted <= capacity);
          expect(roomRefusal(booking, wanted, { capacity: null, placesTaken: others + own, now: NOW })).toBeNull();
        },
      ),
    );
  });

  it('a member may cancel up to and including the deadline (else the start), never after, never twice', () => {
    fc.assert(
      fc.property(msInstant, fc.option(msInstant, { nil: null }), msInstant, (start, deadline, now) => {
        const event = makeEvent({ eventdatetime: start.toISOString(), bookingEndDate: deadline?.toISOString() ?? null });
        const limit = (deadline ?? start).getTime();
        const refusal = selfCancelRefusal(makeBooking(), event, now, 'secretary@club.example');
        expect(refusal === null).toBe(now.getTime() <= limit);
        if (refusal) expect(refusal).toContain('secretary@club.example');
        expect(selfCancelRefusal(makeBooking({ cancelledAt: NOW.toISOString() }), event, now, 'x')).toBe(LIFECYCLE_MESSAGES.alreadyCancelled);
      }),
    );
  });
});

describe('booking life-cycle rules (examples)', () => {
  it('marks an unpaid booking paid by cash or transfer, and refuses what cannot be paid', () => {
    const unpaid = makeBooking({ paymentRequired: true, paymentAmount: 1500, paymentCurrency: 'GBP', submittedAt: '2026-05-01T10:00:00.000Z' });
    const room = { capacity: 10, placesTaken: 1, now: NOW };
    const paid = paidOffline(unpaid, { method: 'transfer', reference: 'BACS 77', at: NOW }, room);
    expect(paid).toMatchObject({ paid: true, paymentMethod: 'transfer', paymentReference: 'BACS 77' });
    expect(paymentStatus(paid as Booking, NOW)).toBe('Paid (transfer)');
    expect(paidOffline(paid as Booking, { method: 'cash', reference: null, at: NOW }, room)).toBe(LIFECYCLE_MESSAGES.alreadyPaid);
    expect(paidOffline(makeBooking(), { method: 'cash', reference: null, at: NOW }, room)).toBe(LIFECYCLE_MESSAGES.notPayable);
    expect(paidOffline(cancelled(unpaid, { at: NOW, by: 'uid', refund: false }), { method: 'cash', reference: null, at: NOW }, room)).toBe(
      LIFECYCLE_MESSAGES.cancelledNotPayable,
    );
    // A lapsed hold whose places have gone cannot be marked paid.
    const lapsed = { ...unpaid, submittedAt: '2026-05-01T09:00:00.000Z' };
    expect(paidOffline(lapsed, { method: 'cash', reference: null, at: NOW }, { capacity: 2, placesTaken: 2, now: NOW })).toBe(
      'Not enough places left: 0 places are free.',
    );
  });

  it('lists the fields that changed, before and after', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 2, b: 'x', c: 'y' }, ['a', 'b', 'c'])).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'c', before: null, after: 'y' },
    ]);
  });
});
