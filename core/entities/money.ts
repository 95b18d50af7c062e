import { z } from 'zod';

export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount of money in integer minor units (pence, cents). Decimals appear only at the edges. */
export const MinorUnitsSchema = z.number().int().nonnegative();
export type MinorUnits = number;
