import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joiningDiscountIn, membershipPrice, priceForPeople, type MembershipPurchase } from '../../../../core/membership/membership-price';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../../../../core/membership/membership-settings';
import { membershipYear } from '../../../../core/membership/membership-year';
import { MAX_PAYMENT_AMOUNT } from '../../../../core/shared/money';
import { dateArb, monthDayArb, yearArb } from './membership-arbitraries';

const categoryArb = fc.record({
  seasonPrice: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: MAX_PAYMENT_AMOUNT })),
  coversHousehold: fc.boolean(),
  life: fc.boolean(),
});
const settingsArb = fc.record({
  year: yearArb,
  joiningDiscount: fc.option(fc.record({ from: monthDayArb, percent: fc.integer({ min: 1, max: 100 }) }), { nil: undefined }),
});
const purchaseArb = fc.constantFrom<MembershipPurchase>('join', 'renew');
const adult = { seasonPrice: 12_000, coversHousehold: false, life: false };
const family = { seasonPrice: 21_000, coversHousehold: true, life: false };
/** A 1 April year, half price for joining from 1 October. */
const halfFromOctober: Pick<MembershipSettings, 'year' | 'joiningDiscount'> = {
  year: DEFAULT_MEMBERSHIP_SETTINGS.year,
  joiningDiscount: { from: { month: 10, day: 1 }, percent: 50 },
};

describe('the price of a category', () => {
  it('the joining discount is never negative, never more than the price, rounded whole in the member’s favour', () => {
    fc.assert(
      fc.property(categoryArb, settingsArb, purchaseArb, dateArb, (category, settings, purchase, today) => {
        const price = membershipPrice(category, settings, purchase, today);
        if (price === null) return;
        expect(price.fullPrice).toBe(category.seasonPrice);
        expect(price.discount >= 0 && price.discount <= price.fullPrice).toBe(true);
        expect(price.amount + price.discount).toBe(price.fullPrice);
        expect(Number.isInteger(price.amount)).toBe(true);
        if (price.discount > 0) {
          // The member pays at most the exact discounted price, and less than a minor unit below it.
          const percent = settings.joiningDiscount!.percent;
          expect(price.amount * 100 <= price.fullPrice * (100 - percent)).toBe(true);
          expect((price.amount + 1) * 100 > price.fullPrice * (100 - percent)).toBe(true);
        }
      }),
    );
  });

  it('joining in the discount: the full price less percent, rounded down to the minor unit, whatever the price and percent', () => {
    fc.assert(
      fc.property(categoryArb, monthDayArb, fc.integer({ min: 1, max: 100 }), dateArb, (category, yearStart, percent, today) => {
        // A discount from the year's first day applies every day of it.
        const settings = { year: { kind: 'fixed' as const, yearStart }, joiningDiscount: { from: yearStart, percent } };
        const price = membershipPrice({ ...category, life: false }, settings, 'join', today)!;
        expect(price.amount * 100 <= category.seasonPrice * (100 - percent)).toBe(true);
        expect((price.amount + 1) * 100 > category.seasonPrice * (100 - percent)).toBe(true);
        expect(price.discount).toBe(category.seasonPrice - price.amount);
      }),
    );
  });

  it('only for joining, only on fixed years, only on or after `from` in the membership year, never on a life category', () => {
    fc.assert(
      fc.property(categoryArb, settingsArb, purchaseArb, dateArb, (category, settings, purchase, today) => {
        const price = membershipPrice({ ...category, seasonPrice: Math.max(category.seasonPrice, 100) }, settings, purchase, today);
        const discount = joiningDiscountIn(settings, today);
        const discounted = purchase === 'join' && !category.life && discount !== null && today >= discount.from;
        expect(price === null ? false : price.discount > 0).toBe(discounted);
        if (discount) {
          const year = membershipYear(settings.year, today);
          expect(year.start <= discount.from && discount.from <= year.end).toBe(true);
        }
        if (settings.year.kind === 'rolling' || !settings.joiningDiscount) expect(discount).toBeNull();
      }),
    );
  });

  it('a household category is one price for the household; any other is paid per person', () => {
    fc.assert(
      fc.property(categoryArb, settingsArb, purchaseArb, dateArb, fc.integer({ min: 1, max: 8 }), (category, settings, purchase, today, people) => {
        const price = membershipPrice(category, settings, purchase, today);
        if (price === null) return;
        expect(price.per).toBe(category.coversHousehold ? 'household' : 'member');
        expect(priceForPeople(price, people)).toBe(category.coversHousehold ? price.amount : price.amount * people);
      }),
    );
  });

  it('a free category costs nothing; a life category is paid once, on joining, and never renewed', () => {
    fc.assert(
      fc.property(categoryArb, settingsArb, purchaseArb, dateArb, (category, settings, purchase, today) => {
        const free = membershipPrice({ ...category, seasonPrice: 0 }, settings, purchase, today);
        expect(free === null || free.amount === 0).toBe(true);
        const lifePrice = membershipPrice({ ...category, life: true }, settings, purchase, today);
        expect(lifePrice).toEqual(
          purchase === 'renew'
            ? null
            : { amount: category.seasonPrice, fullPrice: category.seasonPrice, discount: 0, per: category.coversHousehold ? 'household' : 'member' },
        );
      }),
    );
  });

  it('half price from 1 October on a 1 April year: examples a club would recognise', () => {
    expect(membershipPrice(adult, halfFromOctober, 'join', '2026-09-30')?.amount).toBe(12_000);
    expect(membershipPrice(adult, halfFromOctober, 'join', '2026-10-01')?.amount).toBe(6_000);
    expect(membershipPrice(adult, halfFromOctober, 'join', '2027-03-31')?.amount).toBe(6_000);
    expect(membershipPrice(adult, halfFromOctober, 'join', '2027-04-01')?.amount).toBe(12_000);
    expect(membershipPrice(adult, halfFromOctober, 'renew', '2026-10-15')?.amount).toBe(12_000);
    // £125.25 at half price: £62.62, the odd penny off the member's bill.
    expect(membershipPrice({ ...adult, seasonPrice: 12_525 }, halfFromOctober, 'join', '2026-11-05')).toEqual({
      amount: 6_262,
      fullPrice: 12_525,
      discount: 6_263,
      per: 'member',
    });
    // A family of five joining in January pays one half price.
    const familyPrice = membershipPrice(family, halfFromOctober, 'join', '2027-01-10')!;
    expect(priceForPeople(familyPrice, 5)).toBe(10_500);
    // A discount from 1 January on a 1 April year starts in the year's second calendar year.
    expect(joiningDiscountIn({ ...halfFromOctober, joiningDiscount: { from: { month: 1, day: 1 }, percent: 25 } }, '2026-06-01')).toEqual({
      from: '2027-01-01',
      percent: 25,
    });
    expect(membershipPrice(adult, { year: { kind: 'rolling' }, joiningDiscount: halfFromOctober.joiningDiscount }, 'join', '2026-11-05')?.amount).toBe(12_000);
  });
});
