import { type MembershipCategory } from './membership-category';
import { type MembershipSettings } from './membership-settings';
import { dateInYear, membershipYear } from './membership-year';

/** Buying a category for the first time (or again after an application) or renewing it. */
export type MembershipPurchase = 'join' | 'renew';

/** What a category costs on a date, in minor units: `amount` = `fullPrice` - `discount`. */
export interface MembershipPrice {
  amount: number;
  fullPrice: number;
  discount: number;
  /** 'household': one price for the whole household, paid by its contact; 'member': per person. */
  per: 'member' | 'household';
}

/**
 * The joining discount in the membership year containing `today`, on fixed years with a discount
 * only: its first day (the first `joiningDiscount.from` on or after the year's start, so it runs to
 * the year's end) and its percentage.
 */
export function joiningDiscountIn(settings: Pick<MembershipSettings, 'year' | 'joiningDiscount'>, today: string): { from: string; percent: number } | null {
  const discount = settings.joiningDiscount;
  if (settings.year.kind !== 'fixed' || !discount) return null;
  const { start } = membershipYear(settings.year, today);
  const startYear = Number(start.slice(0, 4));
  const sameYear = dateInYear(startYear, discount.from);
  return { from: sameYear >= start ? sameYear : dateInYear(startYear + 1, discount.from), percent: discount.percent };
}

/**
 * A category's price for joining or renewing on a London date (docs/membership.md, "Prices"):
 * - the category's `seasonPrice`, for a whole membership year; 0 for a free category;
 * - a household category is one price for the household (`per: 'household'`), whoever is in it;
 * - a life category is paid once, on joining, and never renewed (null for 'renew');
 * - the joining discount: on fixed years only, for joining (not renewing, not life) on or after
 *   the discount's `from` in the membership year, `percent` off. The discount is rounded up to
 *   whole minor units, so the member pays the full price times (100 - percent) / 100 rounded
 *   down: in the member's favour, never negative, never more than the price.
 */
export function membershipPrice(
  category: Pick<MembershipCategory, 'seasonPrice' | 'coversHousehold' | 'life'>,
  settings: Pick<MembershipSettings, 'year' | 'joiningDiscount'>,
  purchase: MembershipPurchase,
  today: string,
): MembershipPrice | null {
  if (category.life && purchase === 'renew') return null;
  const fullPrice = category.seasonPrice;
  const discount = purchase === 'join' && !category.life ? joiningDiscountIn(settings, today) : null;
  const percent = discount && today >= discount.from ? discount.percent : 0;
  // Integers all the way (prices are at most 10^8, times 100 stays exact): no float rounding.
  const amount = Math.floor((fullPrice * (100 - percent)) / 100);
  return { amount, fullPrice, discount: fullPrice - amount, per: category.coversHousehold ? 'household' : 'member' };
}

/** What a price comes to for `people` people buying together: once for a household price, once each otherwise. */
export function priceForPeople(price: MembershipPrice, people: number): number {
  return price.per === 'household' ? price.amount : price.amount * people;
}
