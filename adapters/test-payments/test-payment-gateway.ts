import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/shared/clock.port';
import { UnavailableError } from '../../core/shared/errors';
import type {
  CheckoutRequest,
  PaymentGateway,
  PaymentNotification,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from '../../core/payments/payment-gateway.port';
import { SignedCheckoutIds } from '../square/signed-checkout-ids';
import { paymentNotificationOf, squarePaymentEventBody } from '../square/square-payment-event';
import { hasValidSquareSignature, headerValue, squareWebhookSignature } from '../square/square-webhook-signature';

/** The words the local card form shows, so nobody mistakes it for a real payment. */
export const TEST_MODE_LABEL = 'Test mode - no real money is taken';

/** The card numbers the test gateway knows. Its "card token" is the number typed in its own form. */
export const TEST_CARDS = {
  succeeds: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  processingError: '4000 0000 0000 0119',
  /** Pays, but every refund of the payment is refused (to try the "Refund failed" path). */
  refundRefused: '4000 0000 0000 3238',
} as const;

export const TEST_MESSAGES = {
  declined: 'Card declined',
  processingError: 'The payment could not be processed. Please try again.',
  unknownCard: `This is test mode: use the test card ${TEST_CARDS.succeeds}`,
  refundRefused: 'The card issuer refused the refund (test card)',
  refundTooLarge: 'The refund is more than is left of the payment',
  unknownPayment: 'This payment was not taken by the test gateway',
} as const;

/** The header carrying a test-mode webhook's signature (HMAC-SHA256 over URL + body, as Square). */
export const TEST_SIGNATURE_HEADER = 'x-test-payments-hmacsha256-signature';

export interface TestPaymentGatewayOptions {
  /**
   * Signs checkout ids. Keep it the same across restarts and open checkouts stay payable:
   * a checkout id carries its own amount, so the gateway keeps no table of checkouts.
   */
  checkoutSecret: string;
  /** Signs and verifies webhooks. */
  webhookSecret: string;
  clock: Clock;
}

export interface TestCharge {
  checkoutId: string;
  paymentId: string;
  amount: number;
  currency: string;
  completedAt: string;
}

export interface TestRefund {
  refundId: string;
  paymentId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

type Completed = Extract<PaymentResult, { status: 'COMPLETED' }>;

function digitsOf(cardToken: string): string {
  return cardToken.replace(/[\s-]/g, '');
}

/**
 * The embedded default gateway (PAYMENTS=test): a local card form takes test card numbers and no
 * money moves. It behaves as a real provider does where it matters to the flow: signed checkout
 * ids, declines as FAILED, a processing error as UnavailableError, one payment per checkout,
 * signed webhooks in Square's format and scheme (so the webhook route is one code path).
 *
 * Completed payments are remembered in memory; the payment id is derived from the checkout id,
 * so after a restart the same checkout still gives the same payment id (ConfirmPayment checks the
 * stored booking first, so a paid booking is never charged again either way). A payment id also
 * carries its amount, currency and booking, signed as checkout ids are
 * (`tp_<signature>.<amount>.<currency>.<bookingId>`): a payment taken before a restart (or by the
 * demo seed) can still be refunded, up to its amount, with no table of payments.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test';
  private readonly ids: SignedCheckoutIds;
  private readonly completed = new Map<string, Completed>();
  private readonly chargeLog: TestCharge[] = [];
  private readonly refundLog: TestRefund[] = [];

  constructor(private readonly options: TestPaymentGatewayOptions) {
    if (options.webhookSecret.length < 16) throw new Error('The test payments webhook secret must be at least 16 characters long');
    this.ids = new SignedCheckoutIds(options.checkoutSecret);
  }

  /** Every payment taken since start, oldest first: what a provider's dashboard would list. */
  get charges(): readonly TestCharge[] {
    return this.chargeLog;
  }

  /** Every refund made since start, oldest first. */
  get refunds(): readonly TestRefund[] {
    return this.refundLog;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string }> {
    return { checkoutId: this.ids.create(request) };
  }

  async completeCheckout(checkoutId: string, cardToken: string): Promise<PaymentResult> {
    const terms = this.ids.termsOf(checkoutId);
    const done = this.completed.get(checkoutId);
    if (done) return done;

    const card = digitsOf(String(cardToken ?? ''));
    if (card === digitsOf(TEST_CARDS.declined)) return { status: 'FAILED', message: TEST_MESSAGES.declined };
    if (card === digitsOf(TEST_CARDS.processingError)) throw new UnavailableError(TEST_MESSAGES.processingError);
    const refundRefused = card === digitsOf(TEST_CARDS.refundRefused);
    if (card !== digitsOf(TEST_CARDS.succeeds) && !refundRefused) return { status: 'FAILED', message: TEST_MESSAGES.unknownCard };

    const payment: Completed = {
      status: 'COMPLETED',
      paymentId: this.paymentIdFor(checkoutId, refundRefused),
      completedAt: this.options.clock.now().toISOString(),
    };
    this.completed.set(checkoutId, payment);
    this.chargeLog.push({ checkoutId, paymentId: payment.paymentId, amount: terms.amount, currency: terms.currency, completedAt: payment.completedAt });
    return payment;
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const earlier = this.refundLog.find((r) => r.idempotencyKey === request.idempotencyKey);
    if (earlier) return { status: 'REFUNDED', refundId: earlier.refundId };
    const charge = this.chargeOf(request.paymentId);
    if (!charge) return { status: 'FAILED', message: TEST_MESSAGES.unknownPayment };
    if (charge.refundRefused) return { status: 'FAILED', message: TEST_MESSAGES.refundRefused };
    const refunded = this.refundLog.filter((r) => r.paymentId === request.paymentId).reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isInteger(request.amount) || request.amount <= 0 || request.currency !== charge.currency || refunded + request.amount > charge.amount) {
      return { status: 'FAILED', message: TEST_MESSAGES.refundTooLarge };
    }
    const refundId = `tr_${this.ids.derive('refund', request.idempotencyKey)}`;
    this.refundLog.push({ refundId, paymentId: request.paymentId, amount: request.amount, currency: request.currency, idempotencyKey: request.idempotencyKey });
    return { status: 'REFUNDED', refundId };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>, url: string): Promise<PaymentNotification | null> {
    if (!Buffer.isBuffer(rawBody) || typeof url !== 'string') return null;
    if (!hasValidSquareSignature(url, rawBody, headerValue(headers, TEST_SIGNATURE_HEADER), this.options.webhookSecret)) return null;
    const notification = paymentNotificationOf(rawBody, this.ids);
    if (!notification) return null;
    // Only payments this gateway took: a reference and amount alone do not make a checkout ours.
    const { checkoutId, paymentId } = notification;
    if (paymentId !== this.paymentIdFor(checkoutId) && paymentId !== this.paymentIdFor(checkoutId, true)) return null;
    return notification;
  }

  /**
   * The signed webhook a provider would send about a checkout's completed payment: for tests and
   * for trying the webhook route by hand (`curl --data-binary`). Null until the checkout is paid.
   */
  webhookFor(checkoutId: string, url: string): { rawBody: Buffer; headers: Record<string, string> } | null {
    const payment = this.completed.get(checkoutId);
    const terms = this.ids.read(checkoutId);
    if (!payment || !terms) return null;
    const body = squarePaymentEventBody({
      eventId: randomUUID(),
      type: 'payment.updated',
      createdAt: this.options.clock.now().toISOString(),
      payment: {
        id: payment.paymentId,
        status: 'COMPLETED',
        referenceId: terms.bookingId,
        amount: terms.amount,
        currency: terms.currency,
        updatedAt: payment.completedAt,
      },
    });
    const rawBody = Buffer.from(body);
    return { rawBody, headers: { [TEST_SIGNATURE_HEADER]: squareWebhookSignature(url, rawBody, this.options.webhookSecret) } };
  }

  /** The payment of a checkout: its signature (which also says whether refunds are refused) and its terms. */
  private paymentIdFor(checkoutId: string, refundRefused = false): string {
    const terms = this.ids.termsOf(checkoutId);
    const signature = this.ids.derive(refundRefused ? 'payment-refund-refused' : 'payment', checkoutId);
    return `tp_${signature}.${terms.amount}.${terms.currency}.${terms.bookingId}`;
  }

  /** What a payment id this gateway made charged (with the same secret, before a restart too), or null. */
  private chargeOf(paymentId: string): { amount: number; currency: string; refundRefused: boolean } | null {
    const parts = typeof paymentId === 'string' ? /^tp_[A-Za-z0-9_-]+\.(\d{1,16})\.([A-Z]{3})\.([A-Za-z0-9_-]{1,40})$/.exec(paymentId) : null;
    if (!parts) return null;
    const [, amount, currency, bookingId] = parts;
    let checkoutId: string;
    try {
      checkoutId = this.ids.create({ bookingId, amount: Number(amount), currency });
    } catch {
      return null;
    }
    for (const refundRefused of [false, true]) {
      if (this.paymentIdFor(checkoutId, refundRefused) === paymentId) return { amount: Number(amount), currency, refundRefused };
    }
    return null;
  }
}
