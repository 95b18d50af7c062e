import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_HOOK_ATTENDEES, childPrice, priceBooking } from '../../../../core/bookings/pricing';
import { currencySymbol, formatMoney, minorToDecimalText, parseMoneyInput } from '../../../../core/shared/money';

const price = fc.integer({ min: 0, max: 1_000_000 });
const counts = fc
  .integer({ min: 0, max: 500 })
  .chain((attending) => fc.record({ numberAttending: fc.constant(attending), numberOfChildren: fc.integer({ min: 0, max: attending }) }));
const paid = (p: number) => ({ price: p, requiresPayment: true });

describe('pricing properties', () => {
  it('the price equals adults x price + children x half price (rounded half-up)', () => {
    fc.assert(
      fc.property(price, counts, (p, c) => {
        const adults = c.numberAttending - c.numberOfChildren;
        expect(priceBooking(paid(p), c)).toBe(adults * p + c.numberOfChildren * Math.round(p / 2 + 1e-9));
      }),
    );
  });

  it('the price is a whole number of minor units and never negative', () => {
    fc.assert(
      fc.property(price, counts, fc.boolean(), (p, c, requiresPayment) => {
        const total = priceBooking({ price: p, requiresPayment }, c);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('one more adult never lowers the price, and adds exactly the adult price', () => {
    fc.assert(
      fc.property(price, counts, (p, c) => {
        const more = { ...c, numberAttending: c.numberAttending + 1 };
        expect(priceBooking(paid(p), more)).toBe(priceBooking(paid(p), c) + p);
      }),
    );
  });

  it('one more child never lowers the price, and adds exactly the child price', () => {
    fc.assert(
      fc.property(price, counts, (p, c) => {
        const more = { numberAttending: c.numberAttending + 1, numberOfChildren: c.numberOfChildren + 1 };
        const before = priceBooking(paid(p), c);
        const after = priceBooking(paid(p), more);
        expect(after).toBeGreaterThanOrEqual(before);
        expect(after - before).toBe(childPrice(p));
      }),
    );
  });

  it('a child never pays more than an adult, and two children pay at most one penny more than an adult', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(childPrice(p)).toBeLessThanOrEqual(p);
        expect(2 * childPrice(p) - p).toBeGreaterThanOrEqual(0);
        expect(2 * childPrice(p) - p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a free event costs nothing whatever its stored price and counts', () => {
    fc.assert(
      fc.property(price, counts, fc.boolean(), (p, c, testHook) => {
        expect(priceBooking({ price: p, requiresPayment: false }, c, { testHook })).toBe(0);
      }),
    );
  });

  it('typed amounts read back as the same text (decimal text ↔ minor units)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (minor) => {
        expect(parseMoneyInput(minorToDecimalText(minor))).toBe(minor);
        expect(minorToDecimalText(minor)).toMatch(/^\d+\.\d{2}$/);
      }),
    );
  });

  it('any text that is not digits with at most two decimals is refused', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ok = /^\d{1,13}(\.\d{1,2})?$/.test(text.trim());
        expect(parseMoneyInput(text) !== null).toBe(ok);
      }),
    );
  });
});

describe('pricing examples', () => {
  it('prices a family booking at £12.50 per adult', () => {
    // 2 adults at 1250 + 2 children at 625
    expect(priceBooking(paid(1250), { numberAttending: 4, numberOfChildren: 2 })).toBe(3750);
  });

  it('rounds an odd child price half-up', () => {
    expect(childPrice(1251)).toBe(626);
    expect(childPrice(1)).toBe(1);
    expect(childPrice(0)).toBe(0);
  });

  it('the test hook costs £1 only when switched on', () => {
    const c = { numberAttending: TEST_HOOK_ATTENDEES, numberOfChildren: 0 };
    expect(priceBooking(paid(1000), c, { testHook: true })).toBe(100);
    expect(priceBooking(paid(1000), c)).toBe(TEST_HOOK_ATTENDEES * 1000);
    expect(priceBooking(paid(1000), c, { testHook: false })).toBe(TEST_HOOK_ATTENDEES * 1000);
  });

  it('refuses counts that validation should have stopped', () => {
    expect(() => priceBooking(paid(100), { numberAttending: 1, numberOfChildren: 2 })).toThrow(RangeError);
    expect(() => priceBooking(paid(100), { numberAttending: -1, numberOfChildren: 0 })).toThrow(RangeError);
    expect(() => priceBooking(paid(100), { numberAttending: 1.5, numberOfChildren: 0 })).toThrow(RangeError);
  });

  it('shows £, € and $', () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
  });

  it('formats money for display', () => {
    expect(formatMoney(1250, 'GBP')).toBe('£12.50');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(-250, 'GBP')).toBe('-£2.50');
  });

  it('reads typed prices', () => {
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput(' 12.50 ')).toBe(1250);
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput('12.505')).toBeNull();
    expect(parseMoneyInput('-1')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('£12')).toBeNull();
    expect(parseMoneyInput('1e3')).toBeNull();
  });

  it('writes decimal text for the form', () => {
    expect(minorToDecimalText(1250)).toBe('12.50');
    expect(minorToDecimalText(7)).toBe('0.07');
    expect(minorToDecimalText(-7)).toBe('-0.07');
  });
});
