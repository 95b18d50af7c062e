import type { Currency } from '../shared/money';

export interface CheckoutRequest {
  bookingId: string;
  /**
   * Minor units (pence, cents), a whole number above 0, computed by the server from the stored
   * event; never taken from the browser. The only amount a gateway ever charges for the checkout.
   */
  amount: number;
  currency: Currency;
  description: string;
  /** A key that makes retries of the same checkout safe. */
  idempotencyKey: string;
}

export type PaymentResult = { status: 'COMPLETED'; paymentId: string; completedAt: string } | { status: 'FAILED'; message: string };

/** A full or part refund of a payment the gateway took. */
export interface RefundRequest {
  paymentId: string;
  /** Minor units, a whole number above 0, at most what is left unrefunded of the payment. */
  amount: number;
  currency: Currency;
  /** Why, for the provider's dashboard (e.g. "Booking bk_123 cancelled by the member"). */
  reason: string;
  /**
   * Same key, same refund: a retry after a lost answer returns the first refund and never refunds
   * twice. At most 45 characters (Square's limit).
   */
  idempotencyKey: string;
}

export type RefundResult =
  /** The provider took the refund (Square: PENDING or COMPLETED; the money is on its way back). */
  | { status: 'REFUNDED'; refundId: string }
  /** The provider said no (e.g. the payment is too old, or already refunded); nothing was refunded. */
  | { status: 'FAILED'; message: string };

/** A payment confirmed by the provider through a signed notification. */
export interface PaymentNotification {
  checkoutId: string;
  paymentId: string;
  status: 'COMPLETED' | 'FAILED' | 'PENDING';
  completedAt: string | null;
  /**
   * The booking id the checkout was created for (CheckoutRequest.bookingId): a larger change's
   * own checkout is `<booking id>_c<attempt>` (docs/payments.md#changing-a-booking).
   */
  checkoutBookingId: string;
  /**
   * What the provider took, in minor units (Square: the payment's `amount_money`): the checkout's
   * amount. What a payment nobody is waiting for any more is refunded in full.
   */
  amount: number;
  /** The currency of `amount`. */
  currency: Currency;
}

/**
 * Card payments. The flow: the server creates a checkout when a paid booking is made, the
 * browser shows the provider's card form and sends its one-time card token to the server, and
 * the server completes the checkout with that token. The provider's signed webhook confirms the
 * same payment a second way (when the browser's request is lost, say).
 */
export interface PaymentGateway {
  /** The gateway's name for configuration and health output (e.g. 'test', 'square'). */
  readonly name: string;
  /**
   * Creates a checkout for the amount; returns its id (at most 200 characters, safe in a URL).
   * Same idempotency key, same checkout: a retry of the same request returns the same id.
   * Charges nothing. Throws ValidationError for an amount that is not a whole number of minor
   * units above 0.
   */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string }>;
  /**
   * Charges the checkout with a card token from the provider's card form, for the checkout's
   * amount and currency only. A completed checkout completed again (with any token) returns the
   * same payment and charges nothing more. Declines come back as FAILED with a message for the
   * member, not as errors, and the checkout can be tried again with another card. Throws
   * NotFoundError for a checkout id the gateway did not create (or one that was altered), and
   * UnavailableError when the provider cannot be reached or fails; then the charge may not be
   * known, and the next attempt on the checkout never charges twice.
   */
  completeCheckout(checkoutId: string, cardToken: string): Promise<PaymentResult>;
  /**
   * Verifies a webhook's signature over the raw body and reads it. Returns null when the
   * signature is wrong or missing, or the notification is not about a payment it can tie to a
   * checkout. Never throws for what a sender can put in a request. The same notification
   * delivered again reads the same (providers retry; confirming twice must change nothing,
   * which ConfirmPayment sees to).
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>, url: string): Promise<PaymentNotification | null>;
  /**
   * Refunds (part of) a payment it took. The same idempotency key returns the same refund and
   * refunds nothing more. A refusal by the provider comes back as FAILED with its message (a
   * refund above what is left unrefunded is refused, so the money out never exceeds the money
   * in). Throws UnavailableError when the provider cannot be reached or fails: then whether the
   * refund happened is unknown, and a retry with the same key settles it without a second refund.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The one currency the provider's account can take card payments in (Square: its location's
   * currency), or null when any currency will do (the test gateway). Read from the provider once
   * and then remembered; throws UnavailableError (with the provider's answer as its cause) when
   * it cannot be read, e.g. a wrong access token or location id. Absent: any currency.
   */
  cardCurrency?(): Promise<Currency | null>;
}
