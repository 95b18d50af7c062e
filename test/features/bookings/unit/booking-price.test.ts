import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideBookingPrice } from '../../../../core/bookings/booking-price';
import { childPrice, priceBooking, TEST_HOOK_ATTENDEES } from '../../../../core/bookings/pricing';

const price = fc.integer({ min: 0, max: 100_000 });
const counts = fc
  .integer({ min: 1, max: 60 })
  .chain((attending) => fc.record({ numberAttending: fc.constant(attending), numberOfChildren: fc.integer({ min: 0, max: attending }) }));
/** A paid event with a member price at or below its price (what the form lets an admin save). */
const pricedEvent = price.chain((p) => fc.record({ price: fc.constant(p), memberPrice: fc.integer({ min: 0, max: p }), requiresPayment: fc.constant(true) }));
const anyEvent = fc.record({ price, memberPrice: fc.option(price, { nil: null }), requiresPayment: fc.boolean() });
// 2026-06-15 12:00 in London (BST).
const at = new Date('2026-06-15T11:00:00Z');
const renewal = fc.integer({ min: -400, max: 400 }).map((days) => new Date(Date.UTC(2026, 5, 15 + days)).toISOString().slice(0, 10));
const member = fc.record({ id: fc.constant('m1'), renewalDate: renewal, disabled: fc.boolean() });
const dependants = fc.record({ adults: fc.integer({ min: 0, max: 12 }), children: fc.integer({ min: 0, max: 12 }) });
const current = { id: 'm1', renewalDate: '2026-12-31', disabled: false };

describe('member price properties', () => {
  it('a booking never costs more than the standard price, and never less than all places at the member price', () => {
    fc.assert(
      fc.property(anyEvent, counts, fc.option(member, { nil: null }), dependants, (event, c, m, d) => {
        const decided = decideBookingPrice({ event, counts: c, member: m, at, dependants: d });
        const standard = priceBooking(event, c);
        expect(decided.amount).toBeLessThanOrEqual(standard);
        expect(Number.isSafeInteger(decided.amount)).toBe(true);
        expect(decided.amount).toBeGreaterThanOrEqual(0);
        if (event.requiresPayment && event.memberPrice !== null) {
          const lowest = Math.min(event.memberPrice, event.price);
          const adults = c.numberAttending - c.numberOfChildren;
          expect(decided.amount).toBeGreaterThanOrEqual(adults * lowest + c.numberOfChildren * childPrice(lowest));
        }
      }),
    );
  });

  it('the member price is charged only to a signed-in member whose membership is current on the booking’s London date', () => {
    fc.assert(
      fc.property(pricedEvent, counts, fc.option(member, { nil: null }), (event, c, m) => {
        const decided = decideBookingPrice({ event, counts: c, member: m, at });
        const currentOnTheDay = m !== null && !m.disabled && m.renewalDate >= '2026-06-15';
        if (decided.priceKind === 'member') expect(currentOnTheDay).toBe(true);
        if (!currentOnTheDay) {
          expect(decided.priceKind).toBe('standard');
          expect(decided.amount).toBe(priceBooking(event, c));
          expect(decided.memberPlaces).toBe(0);
        }
        expect(decided.memberId).toBe(m?.id ?? null);
      }),
    );
  });

  it('a current member alone pays the member price for their own place, guests the standard price', () => {
    fc.assert(
      fc.property(pricedEvent, counts, (event, c) => {
        fc.pre(event.memberPrice < event.price);
        const decided = decideBookingPrice({ event, counts: c, member: current, at });
        const adults = c.numberAttending - c.numberOfChildren;
        const expected =
          adults > 0
            ? event.memberPrice + (adults - 1) * event.price + c.numberOfChildren * childPrice(event.price)
            : childPrice(event.memberPrice) + (c.numberOfChildren - 1) * childPrice(event.price);
        if (expected < priceBooking(event, c)) {
          expect(decided).toEqual({ amount: expected, priceKind: 'member', memberPlaces: 1, memberId: 'm1' });
        } else {
          expect(decided.priceKind).toBe('standard');
        }
      }),
    );
  });

  it('member places never exceed the places booked', () => {
    fc.assert(
      fc.property(pricedEvent, counts, dependants, (event, c, d) => {
        const decided = decideBookingPrice({ event, counts: c, member: current, at, dependants: d });
        expect(decided.memberPlaces).toBeLessThanOrEqual(Math.min(c.numberAttending, 1 + d.adults + d.children));
      }),
    );
  });

  it('a free event stays free, whatever member price is stored', () => {
    fc.assert(
      fc.property(price, fc.option(price, { nil: null }), counts, fc.option(member, { nil: null }), (p, mp, c, m) => {
        const decided = decideBookingPrice({ event: { price: p, memberPrice: mp, requiresPayment: false }, counts: c, member: m, at });
        expect(decided.amount).toBe(0);
        expect(decided.priceKind).toBe('standard');
      }),
    );
  });

  it('a membership is current through its renewal date inclusive (London), not the day after', () => {
    const event = { price: 1000, memberPrice: 800, requiresPayment: true };
    const c = { numberAttending: 1, numberOfChildren: 0 };
    // 23:30 on 31 March 2026 UTC is 00:30 on 1 April in London (BST).
    const lateEvening = new Date('2026-03-31T23:30:00Z');
    expect(decideBookingPrice({ event, counts: c, member: { ...current, renewalDate: '2026-04-01' }, at: lateEvening }).amount).toBe(800);
    expect(decideBookingPrice({ event, counts: c, member: { ...current, renewalDate: '2026-03-31' }, at: lateEvening }).amount).toBe(1000);
  });

  it('children pay half of the price that applies to them', () => {
    const event = { price: 1251, memberPrice: 801, requiresPayment: true };
    const decided = decideBookingPrice({
      event,
      counts: { numberAttending: 3, numberOfChildren: 2 },
      member: current,
      at,
      dependants: { adults: 0, children: 1 },
    });
    expect(decided).toEqual({ amount: 801 + 401 + 626, priceKind: 'member', memberPlaces: 2, memberId: 'm1' });
  });

  it('the test hook’s £1 is never discounted', () => {
    const event = { price: 1000, memberPrice: 10, requiresPayment: true };
    const decided = decideBookingPrice({ event, counts: { numberAttending: TEST_HOOK_ATTENDEES, numberOfChildren: 0 }, member: current, at, testHook: true });
    expect(decided.amount).toBe(100);
    expect(decided.priceKind).toBe('standard');
  });
});
