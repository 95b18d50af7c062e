import type { Currency } from '../shared/money';
import type { PaymentGateway } from './payment-gateway.port';

/** The one currency the gateway's card payments can take, or null for any. */
export async function cardCurrencyOf(payments: PaymentGateway): Promise<Currency | null> {
  return (await payments.cardCurrency?.()) ?? null;
}
