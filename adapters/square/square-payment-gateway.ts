import { SquareClient, SquareEnvironment, SquareError } from 'square';
import { CurrencySchema, type Currency } from '../../core/shared/money';
import { UnavailableError } from '../../core/shared/errors';
import type { Clock } from '../../core/shared/clock.port';
import type {
  CheckoutRequest,
  PaymentGateway,
  PaymentNotification,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from '../../core/payments/payment-gateway.port';
import { SignedCheckoutIds, type CheckoutTerms } from './signed-checkout-ids';
import { paymentNotificationOf, portStatus } from './square-payment-event';
import { SQUARE_SIGNATURE_HEADER, hasValidSquareSignature, headerValue } from './square-webhook-signature';

export type SquareEnvironmentName = 'sandbox' | 'production';

export interface SquarePaymentGatewayOptions {
  accessToken: string;
  locationId: string;
  environment: SquareEnvironmentName;
  /** The signature key of the webhook subscription (Developer Console, Webhooks). */
  webhookSignatureKey: string;
  /**
   * The subscription's notification URL exactly as entered in the Developer Console. Square signs
   * this URL with the body, and behind a proxy it is not the URL the server sees, so it is
   * configured rather than read from the request.
   */
  webhookNotificationUrl: string;
  /** Signs checkout ids; keep it the same across restarts so open checkouts stay payable. */
  checkoutSecret: string;
  /** The Web Payments SDK's application id; only the browser needs it. */
  applicationId?: string;
  /** Overrides the API host (tests, proxies). */
  baseUrl?: string;
  /** How long to wait for one answer from Square before calling it unavailable (default 10 s). */
  timeoutMs?: number;
  /**
   * Retries after 408, 429 and 5xx answers, with the same idempotency key (so never a second
   * charge); default 1, so a member waits at most about 20 s.
   */
  maxRetries?: number;
  clock: Clock;
}

export const SQUARE_MESSAGES = {
  declined: 'Card declined',
  cvv: 'Card declined: the security code (CVV) was not accepted',
  postcode: 'Card declined: the postcode did not match the card',
  expiry: 'Card declined: the card has expired or the expiry date is wrong',
  funds: 'Card declined: insufficient funds',
  limit: "Card declined: the amount is over the card's limit",
  verification: 'Card declined: your bank needs to verify this payment. Please try again and complete your bank’s check, or use another card',
  details: 'The card details could not be used. Please enter them again',
  unavailable: 'Card payments are unavailable just now. Please try again later.',
  pending: 'Your payment is still being processed. Please check again in a few minutes.',
  refundRefused: 'Square refused the refund',
} as const;

// Square's error codes for problems with the card, each with words a member can act on. Any
// other PAYMENT_METHOD_ERROR is a plain decline.
const DECLINE_MESSAGES: Record<string, string> = {
  GENERIC_DECLINE: SQUARE_MESSAGES.declined,
  CARD_DECLINED: SQUARE_MESSAGES.declined,
  CARD_DECLINED_CALL_ISSUER: SQUARE_MESSAGES.declined,
  CARD_NOT_SUPPORTED: SQUARE_MESSAGES.declined,
  INVALID_ACCOUNT: SQUARE_MESSAGES.declined,
  CARDHOLDER_INSUFFICIENT_PERMISSIONS: SQUARE_MESSAGES.declined,
  PAN_FAILURE: SQUARE_MESSAGES.declined,
  CVV_FAILURE: SQUARE_MESSAGES.cvv,
  VERIFY_CVV_FAILURE: SQUARE_MESSAGES.cvv,
  INVALID_CARD: SQUARE_MESSAGES.details,
  INVALID_CARD_DATA: SQUARE_MESSAGES.details,
  ADDRESS_VERIFICATION_FAILURE: SQUARE_MESSAGES.postcode,
  VERIFY_AVS_FAILURE: SQUARE_MESSAGES.postcode,
  INVALID_POSTAL_CODE: SQUARE_MESSAGES.postcode,
  CARD_EXPIRED: SQUARE_MESSAGES.expiry,
  EXPIRATION_FAILURE: SQUARE_MESSAGES.expiry,
  BAD_EXPIRATION: SQUARE_MESSAGES.expiry,
  INVALID_EXPIRATION: SQUARE_MESSAGES.expiry,
  INVALID_EXPIRATION_DATE: SQUARE_MESSAGES.expiry,
  INVALID_EXPIRATION_YEAR: SQUARE_MESSAGES.expiry,
  INSUFFICIENT_FUNDS: SQUARE_MESSAGES.funds,
  TRANSACTION_LIMIT: SQUARE_MESSAGES.limit,
  AMOUNT_TOO_HIGH: SQUARE_MESSAGES.limit,
  CARD_DECLINED_VERIFICATION_REQUIRED: SQUARE_MESSAGES.verification,
  CARD_TOKEN_EXPIRED: SQUARE_MESSAGES.details,
  CARD_TOKEN_USED: SQUARE_MESSAGES.details,
  SOURCE_USED: SQUARE_MESSAGES.details,
  SOURCE_EXPIRED: SQUARE_MESSAGES.details,
};

/** Where the browser loads the Web Payments SDK from, per environment. */
export const SQUARE_WEB_PAYMENTS_SCRIPT: Record<SquareEnvironmentName, string> = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
};

/** How long one call to Square may take, and how often a 408, 429 or 5xx answer is tried again. */
export const SQUARE_TIMEOUT_MS = 10_000;
export const SQUARE_MAX_RETRIES = 1;

/** Square's idempotency keys for CreatePayment hold at most 45 characters. */
const PAYMENT_KEY_CHARS = 40;

type Completed = Extract<PaymentResult, { status: 'COMPLETED' }>;

interface SquareBodyError {
  category?: string;
  code?: string;
}

function unavailable(message: string, cause: unknown): UnavailableError {
  return Object.assign(new UnavailableError(message), { cause });
}

/** Square refused the request itself (a 4xx other than 408 and 429): trying again would not help. */
function isRefusal(error: unknown): error is SquareError {
  return (
    error instanceof SquareError &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    ![408, 429].includes(error.statusCode)
  );
}

function declineMessage(errors: readonly SquareBodyError[]): string | null {
  for (const error of errors) {
    if (error.code && DECLINE_MESSAGES[error.code]) return DECLINE_MESSAGES[error.code];
  }
  return errors.some((e) => e.category === 'PAYMENT_METHOD_ERROR') ? SQUARE_MESSAGES.declined : null;
}

/**
 * Square card payments (PAYMENTS=square). The browser's Web Payments SDK turns the card into a
 * one-time token; completeCheckout charges it with CreatePayment for the checkout's own amount.
 *
 * A checkout is a signed id that carries its amount (see SignedCheckoutIds), so nothing is kept
 * here between requests except, per checkout, a completed payment and an attempt whose outcome
 * is not known (a timeout or a 5xx). Such an attempt is sent again, unchanged, before any new
 * card is charged: Square answers the same idempotent request with its first outcome, so a member
 * who retries after a lost answer is never charged twice. Across a restart the stored booking
 * (ConfirmPayment looks at it first) and Square's payment webhook do that job.
 */
export class SquarePaymentGateway implements PaymentGateway {
  readonly name = 'square';
  private readonly client: SquareClient;
  private readonly ids: SignedCheckoutIds;
  private readonly completed = new Map<string, Completed>();
  private readonly uncertain = new Map<string, { sourceId: string }>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timeoutMs: number;
  private locationCurrency: Promise<Currency> | null = null;

  constructor(private readonly options: SquarePaymentGatewayOptions) {
    for (const key of ['accessToken', 'locationId', 'webhookSignatureKey', 'webhookNotificationUrl'] as const) {
      if (!options[key]?.trim()) throw new Error(`SquarePaymentGateway needs ${key}`);
    }
    if (options.environment !== 'sandbox' && options.environment !== 'production') {
      throw new Error('SquarePaymentGateway environment must be sandbox or production');
    }
    this.ids = new SignedCheckoutIds(options.checkoutSecret);
    this.timeoutMs = options.timeoutMs ?? SQUARE_TIMEOUT_MS;
    this.client = new SquareClient({
      token: options.accessToken,
      environment: options.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeoutInSeconds: this.timeoutMs / 1000,
      maxRetries: options.maxRetries ?? SQUARE_MAX_RETRIES,
      // The SDK is silent by default; Square's answer travels as the `cause` of an UnavailableError.
    });
  }

  /** What the browser needs to show Square's card form. */
  webPaymentsSettings(): { applicationId: string | null; locationId: string; environment: SquareEnvironmentName; scriptUrl: string } {
    return {
      applicationId: this.options.applicationId ?? null,
      locationId: this.options.locationId,
      environment: this.options.environment,
      scriptUrl: SQUARE_WEB_PAYMENTS_SCRIPT[this.options.environment],
    };
  }

  /**
   * The currency of the configured location (GET /v2/locations/{id}): Square takes card payments
   * only in it. Read once; a failed read is tried again next time.
   */
  cardCurrency(): Promise<Currency> {
    this.locationCurrency ??= this.readLocationCurrency().catch((error: unknown) => {
      this.locationCurrency = null;
      throw error;
    });
    return this.locationCurrency;
  }

  private async readLocationCurrency(): Promise<Currency> {
    let currency: string | undefined;
    try {
      currency = (await this.client.locations.get({ locationId: this.options.locationId })).location?.currency;
    } catch (error) {
      throw unavailable(`Square location ${this.options.locationId} cannot be read`, error);
    }
    const known = CurrencySchema.safeParse(currency);
    if (!known.success) {
      throw unavailable(`Square location ${this.options.locationId} takes ${String(currency)}, a currency this app does not offer`, null);
    }
    return known.data;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string }> {
    return { checkoutId: this.ids.create(request) };
  }

  async completeCheckout(checkoutId: string, cardToken: string): Promise<PaymentResult> {
    const terms = this.ids.termsOf(checkoutId);
    if (typeof cardToken !== 'string' || !cardToken.trim() || cardToken.length > 2000) {
      return { status: 'FAILED', message: SQUARE_MESSAGES.details };
    }
    // One attempt at a time per checkout: two racing requests must not charge two cards.
    const previous = this.queues.get(checkoutId) ?? Promise.resolve();
    const attempt = previous.catch(() => undefined).then(() => this.charge(checkoutId, terms, cardToken.trim()));
    this.queues.set(checkoutId, attempt);
    try {
      return await attempt;
    } finally {
      if (this.queues.get(checkoutId) === attempt) this.queues.delete(checkoutId);
    }
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>, _url: string): Promise<PaymentNotification | null> {
    if (!Buffer.isBuffer(rawBody)) return null;
    const signature = headerValue(headers, SQUARE_SIGNATURE_HEADER);
    if (!hasValidSquareSignature(this.options.webhookNotificationUrl, rawBody, signature, this.options.webhookSignatureKey)) return null;
    return paymentNotificationOf(rawBody, this.ids);
  }

  /**
   * RefundPayment (POST /v2/refunds) with the caller's idempotency key: Square answers a repeated
   * key with the first refund. PENDING and COMPLETED refunds are taken; REJECTED and FAILED ones,
   * and a 4xx answer (already refunded, amount too large, payment too old), are refusals.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    let refund: { id?: string | null; status?: string | null } | undefined;
    try {
      const response = await this.client.refunds.refundPayment({
        idempotencyKey: request.idempotencyKey,
        paymentId: request.paymentId,
        amountMoney: { amount: BigInt(request.amount), currency: request.currency },
        reason: request.reason.slice(0, 192),
      });
      refund = response.refund;
    } catch (error) {
      if (isRefusal(error)) {
        const detail = (error.errors ?? [])
          .map((e: { code?: string; detail?: string }) => e.detail ?? e.code)
          .filter(Boolean)
          .join('; ');
        return { status: 'FAILED', message: detail ? `${SQUARE_MESSAGES.refundRefused}: ${detail}` : SQUARE_MESSAGES.refundRefused };
      }
      throw unavailable(SQUARE_MESSAGES.unavailable, error);
    }
    if (!refund?.id) throw unavailable(SQUARE_MESSAGES.unavailable, new Error('Square answered a refund without an id'));
    if (refund.status === 'PENDING' || refund.status === 'COMPLETED') return { status: 'REFUNDED', refundId: refund.id };
    return { status: 'FAILED', message: `${SQUARE_MESSAGES.refundRefused} (${refund.status ?? 'no status'})` };
  }

  private async charge(checkoutId: string, terms: CheckoutTerms, sourceId: string): Promise<PaymentResult> {
    const done = this.completed.get(checkoutId);
    if (done) return done;
    const unknown = this.uncertain.get(checkoutId);
    if (unknown) {
      // Sent again unchanged; createPayment marks it uncertain again (and throws) while Square
      // still cannot say, so no new card is charged until it can.
      this.uncertain.delete(checkoutId);
      const outcome = await this.createPayment(checkoutId, terms, unknown.sourceId);
      if (outcome.status === 'COMPLETED' || unknown.sourceId === sourceId) return outcome;
    }
    return this.createPayment(checkoutId, terms, sourceId);
  }

  private async createPayment(checkoutId: string, terms: CheckoutTerms, sourceId: string): Promise<PaymentResult> {
    // Same checkout and same card token, same key: a resent request is one payment to Square.
    // A new token (after a decline) is a new request and needs a new key.
    const idempotencyKey = this.ids.derive('square-payment', `${checkoutId}|${sourceId}`, PAYMENT_KEY_CHARS);
    let payment: { id?: string; status?: string; amountMoney?: { amount?: bigint | number | null; currency?: string }; updatedAt?: string } | undefined;
    try {
      const response = await this.client.payments.create({
        sourceId,
        idempotencyKey,
        amountMoney: { amount: BigInt(terms.amount), currency: terms.currency },
        locationId: this.options.locationId,
        referenceId: terms.bookingId,
        note: `Booking ${terms.bookingId}`,
        autocomplete: true,
      });
      payment = response.payment;
    } catch (error) {
      if (isRefusal(error)) {
        const message = declineMessage(error.errors ?? []);
        if (message) return { status: 'FAILED', message };
        // Our request or configuration is wrong (token, location, currency): not the member's to fix.
        throw unavailable(SQUARE_MESSAGES.unavailable, error);
      }
      // A timeout, a lost connection, 408/429 or a 5xx: the charge may or may not have happened.
      this.uncertain.set(checkoutId, { sourceId });
      throw unavailable(SQUARE_MESSAGES.unavailable, error);
    }

    const status = payment?.status ?? '';
    const amount = payment?.amountMoney?.amount;
    const currency = payment?.amountMoney?.currency;
    if (!payment?.id || amount === undefined || amount === null || BigInt(amount) !== BigInt(terms.amount) || currency !== terms.currency) {
      throw unavailable(
        SQUARE_MESSAGES.unavailable,
        new Error(`Square answered with an unexpected payment: ${JSON.stringify({ id: payment?.id, status, amount: String(amount), currency })}`),
      );
    }
    const mapped = portStatus(status);
    if (mapped === 'FAILED') return { status: 'FAILED', message: SQUARE_MESSAGES.declined };
    if (mapped === 'PENDING') {
      this.uncertain.set(checkoutId, { sourceId });
      throw new UnavailableError(SQUARE_MESSAGES.pending);
    }
    const updatedAt = payment.updatedAt && !Number.isNaN(Date.parse(payment.updatedAt)) ? new Date(payment.updatedAt).toISOString() : null;
    const result: Completed = { status: 'COMPLETED', paymentId: payment.id, completedAt: updatedAt ?? this.options.clock.now().toISOString() };
    this.completed.set(checkoutId, result);
    return result;
  }
}
