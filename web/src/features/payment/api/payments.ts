import { z } from 'zod';
import { CurrencySchema } from '../../../../../core/entities/money';
import { apiGet, apiPost } from '../../../lib/api';

const CheckoutSchema = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
  paid: z.boolean(),
  paymentsMode: z.string(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** What the checkout charges (worked out by the server) and whether it is paid yet. */
export function getCheckout(checkoutId: string, signal?: AbortSignal): Promise<Checkout> {
  return apiGet(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`, CheckoutSchema, { signal });
}

const PaymentAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('COMPLETED'), bookingId: z.string(), paymentId: z.string(), alreadyPaid: z.boolean() }),
  z.object({ status: z.literal('FAILED'), bookingId: z.string(), message: z.string() }),
]);
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

/** Sends the card form's one-time token; the server charges the checkout's own amount. */
export function completePayment(checkoutId: string, cardToken: string): Promise<PaymentAnswer> {
  return apiPost('/api/payments/complete', { checkoutId, cardToken }, PaymentAnswerSchema);
}

const SquareSettingsSchema = z.object({
  applicationId: z.string().nullable(),
  locationId: z.string(),
  environment: z.enum(['sandbox', 'production']),
  scriptUrl: z.string().url(),
});
export type SquareSettings = z.infer<typeof SquareSettingsSchema>;

const ConfigSquareSchema = z.object({ square: SquareSettingsSchema.nullable().optional() });

/** Square's card form settings from /api/config; null unless the server takes payments with Square. */
export async function getSquareSettings(signal?: AbortSignal): Promise<SquareSettings | null> {
  const config = await apiGet('/api/config', ConfigSquareSchema, { signal });
  return config.square ?? null;
}
