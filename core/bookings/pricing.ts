import type { ClubEvent } from '../events/event';
import type { Currency } from '../shared/money';
import { groupThousands } from '../shared/number-text';

/** The spec's test hook: this attendee count costs £1, only when the server enables the hook. */
export const TEST_HOOK_ATTENDEES = 123456789;

/** Half the adult price, rounded half-up to the minor unit (1251p → 626p). */
export function childPrice(adultPrice: number): number {
  return Math.floor((adultPrice + 1) / 2);
}

/**
 * The total to pay in minor units: adults × price + children × child price, where adults are
 * the attendees who are not children. Counts must already be validated (whole, non-negative,
 * children ≤ attending); anything else is a programming error and throws, so a bad count can
 * never quietly turn into a wrong or negative price.
 */
export function priceBooking(
  event: Pick<ClubEvent, 'price' | 'requiresPayment'>,
  counts: { numberAttending: number; numberOfChildren: number },
  options?: { testHook?: boolean },
): number {
  const { numberAttending, numberOfChildren } = counts;
  if (
    !Number.isSafeInteger(numberAttending) ||
    !Number.isSafeInteger(numberOfChildren) ||
    numberAttending < 0 ||
    numberOfChildren < 0 ||
    numberOfChildren > numberAttending
  ) {
    throw new RangeError(`Invalid counts for pricing: ${numberAttending} attending, ${numberOfChildren} children`);
  }
  if (!event.requiresPayment) return 0;
  if (options?.testHook === true && numberAttending === TEST_HOOK_ATTENDEES) return 100;
  const adults = numberAttending - numberOfChildren;
  return adults * event.price + numberOfChildren * childPrice(event.price);
}

const SYMBOLS: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

export function currencySymbol(c: Currency): string {
  return SYMBOLS[c];
}

/**
 * "£12.50". Thousands are grouped ("£1,250.00") because that is how members read prices on a
 * page; the form field uses minorToDecimalText, which never groups.
 */
export function formatMoney(minor: number, currency: Currency): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const whole = groupThousands(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${currencySymbol(currency)}${whole}.${cents}`;
}

/**
 * Reads an amount typed by an admin: digits with at most two decimals ("12", "12.5", "12.50",
 * ".5" is refused). Surrounding spaces are ignored. Returns minor units, or null when the text
 * is not such an amount or is too large to hold exactly.
 */
export function parseMoneyInput(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 1250 → "12.50": what the admin form shows in the price field. */
export function minorToDecimalText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
