import type { Currency } from '@core/shared/money';
import { formatMoney } from '@core/shared/money';

/** Revenue held per currency, written out ("£12.50, €4.00"); never added across currencies. */
export function moneyList(revenue: Partial<Record<Currency, number>>, fallbackCurrency: Currency = 'GBP'): string {
  const parts = (Object.entries(revenue) as [Currency, number][]).filter(([, amount]) => amount > 0).map(([currency, amount]) => formatMoney(amount, currency));
  return parts.length > 0 ? parts.join(', ') : formatMoney(0, fallbackCurrency);
}
