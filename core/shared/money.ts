import { z } from 'zod';
import { groupThousands } from './number-text';

export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount of money in integer minor units (pence, cents). Decimals appear only at the edges. */
export const MinorUnitsSchema = z.number().int().nonnegative();
export type MinorUnits = number;

/**
 * The most one payment may charge, in minor units (£/€/$ 1,000,000.00): the gateways refuse more
 * (Square's own limit is far above any club event), and the event form keeps every possible
 * booking below it.
 */
export const MAX_PAYMENT_AMOUNT = 100_000_000;

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
