import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClubConfig } from '@core/content/club-config';
import { CardPaymentResultSchema } from '@core/bookings/confirm-payment';
import { CheckoutSchema, type Checkout } from '@core/bookings/get-checkout';
import { apiGet, apiPost } from '../../../lib/api';
import { loadClubConfig } from '../../../lib/club-config';
import { useRead } from '../../../lib/reads';

export type { Checkout };

/** What the checkout charges (worked out by the server) and whether it is paid yet. */
export function getCheckout(checkoutId: string, signal?: AbortSignal): Promise<Checkout> {
  return apiGet(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`, CheckoutSchema, { signal });
}

/**
 * The card step's data: the checkout (GET /api/payments/checkouts/{id}), and Square's card form
 * settings when it is to be paid at Square. Always asked for again when the step opens: it may
 * have been paid meanwhile.
 */
export function checkoutQueryOptions(checkoutId: string) {
  return queryOptions({
    queryKey: ['checkout', checkoutId],
    queryFn: async ({ client, signal }) => {
      const checkout = await getCheckout(checkoutId, signal);
      // The club's settings are read once per visit (the page's loader); this reuses that answer.
      const square = checkout.paymentsMode === 'square' && !checkout.paid ? (await loadClubConfig(client)).square : null;
      return { checkout, square };
    },
    staleTime: 0,
  });
}

export function useCheckout(checkoutId: string) {
  return useRead(checkoutQueryOptions(checkoutId));
}

export type PaymentAnswer = z.infer<typeof CardPaymentResultSchema>;

/** Sends the card form's one-time token (POST /api/payments/complete); the server charges the checkout's own amount. */
export function completePayment(checkoutId: string, cardToken: string): Promise<PaymentAnswer> {
  return apiPost('/api/payments/complete', { checkoutId, cardToken }, CardPaymentResultSchema);
}

/** Pay: the card form's token for this checkout; the answer says whether the payment went through. */
export function useCompletePayment(checkoutId: string) {
  return useMutation({ mutationFn: (cardToken: string) => completePayment(checkoutId, cardToken) });
}

/** Square's card form settings, from the club configuration (fetched once per page load). */
export type SquareSettings = NonNullable<ClubConfig['square']>;
