import type { Currency } from '../entities/money';

export interface CheckoutRequest {
  bookingId: string;
  /** Computed by the server from the stored event; never taken from the browser. */
  amount: number;
  currency: Currency;
  description: string;
  /** A key that makes retries of the same checkout safe. */
  idempotencyKey: string;
}

export type PaymentResult =
  | { status: 'COMPLETED'; paymentId: string; completedAt: string }
  | { status: 'FAILED'; message: string };

/** A payment confirmed by the provider through a signed notification. */
export interface PaymentNotification {
  checkoutId: string;
  paymentId: string;
  status: 'COMPLETED' | 'FAILED' | 'PENDING';
  completedAt: string | null;
}

export interface PaymentGateway {
  /** The gateway's name for configuration and health output (e.g. 'test', 'square'). */
  readonly name: string;
  /** Creates a checkout for the amount; returns its id. Same idempotency key, same checkout. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string }>;
  /**
   * Charges the checkout with a card token from the provider's card form. A completed checkout
   * completed again returns the same payment. Declines come back as FAILED, not as errors.
   */
  completeCheckout(checkoutId: string, cardToken: string): Promise<PaymentResult>;
  /**
   * Verifies a webhook's signature over the raw body and reads it. Returns null when the
   * signature is wrong or the notification is not about a payment.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>, url: string): Promise<PaymentNotification | null>;
}
