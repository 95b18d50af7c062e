import { z } from 'zod';

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
