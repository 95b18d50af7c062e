import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClubConfig } from '@core/entities/club-config';
import { CardPaymentResultSchema } from '@core/use-cases/confirm-payment';
import { CheckoutSchema, type Checkout } from '@core/use-cases/get-checkout';
import { apiGet, apiPost } from '../../../lib/api';

export type { Checkout };

/** What the checkout charges (worked out by the server) and whether it is paid yet. */
export function getCheckout(checkoutId: string, signal?: AbortSignal): Promise<Checkout> {
  return apiGet(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`, CheckoutSchema, { signal });
}

const PaymentAnswerSchema = CardPaymentResultSchema;
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

/** Sends the card form's one-time token; the server charges the checkout's own amount. */
export function completePayment(checkoutId: string, cardToken: string): Promise<PaymentAnswer> {
  return apiPost('/api/payments/complete', { checkoutId, cardToken }, PaymentAnswerSchema);
}

/** Pay: the card form's token for this checkout; the answer says whether the payment went through. */
export function useCompletePayment(checkoutId: string) {
  return useMutation({ mutationFn: (cardToken: string) => completePayment(checkoutId, cardToken) });
}

/** Square's card form settings, from the club configuration (fetched once per page load). */
export type SquareSettings = NonNullable<ClubConfig['square']>;
