import { createHmac } from 'node:crypto';
import { WebhooksHelper } from 'square';
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import {
  SQUARE_MAX_RETRIES,
  SQUARE_MESSAGES,
  SQUARE_TIMEOUT_MS,
  SquarePaymentGateway,
  type SquarePaymentGatewayOptions,
} from '../../../../adapters/square/square-payment-gateway';
import { TEST_CARDS, TEST_MESSAGES, TEST_MODE_LABEL, TEST_SIGNATURE_HEADER, TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { NotFoundError, UnavailableError } from '../../../../core/shared/errors';
import type { CheckoutRequest } from '../../../../core/payments/payment-gateway.port';
import { startFakeSquareServer, type FakeSquareServer } from '../../../support/fake-square-server';
import { describePaymentGatewayContract } from './payment-gateway.contract';

const CHECKOUT_SECRET = 'checkout-secret-for-tests-0123456789';
const TEST_WEBHOOK_SECRET = 'test-payments-webhook-secret-0123456789';
const TEST_WEBHOOK_URL = 'http://127.0.0.1:3000/api/webhooks/test';
/** What the server sees behind a proxy: not the URL Square signs. */
const SQUARE_SEEN_URL = 'http://127.0.0.1:3000/api/webhooks/square';

function hmacBase64(key: string, url: string, body: Buffer): string {
  return createHmac('sha256', key)
    .update(url + body.toString('utf8'))
    .digest('base64');
}

function aCheckout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const bookingId = overrides.bookingId ?? 'bk_Regatta2026_0001';
  return { bookingId, amount: 2500, currency: 'GBP', description: 'Summer Regatta: 2 attending', idempotencyKey: `booking-${bookingId}`, ...overrides };
}

function testGateway(options: { checkoutSecret?: string; webhookSecret?: string } = {}) {
  return new TestPaymentGateway({
    checkoutSecret: options.checkoutSecret ?? CHECKOUT_SECRET,
    webhookSecret: options.webhookSecret ?? TEST_WEBHOOK_SECRET,
    clock: new FixedClock('2026-06-01T09:00:00.000Z'),
  });
}

function squareGateway(fake: FakeSquareServer, overrides: Partial<SquarePaymentGatewayOptions> = {}) {
  return new SquarePaymentGateway({
    accessToken: fake.accessToken,
    locationId: fake.locationId,
    environment: 'sandbox',
    webhookSignatureKey: fake.signatureKey,
    webhookNotificationUrl: fake.notificationUrl,
    checkoutSecret: CHECKOUT_SECRET,
    baseUrl: fake.baseUrl,
    timeoutMs: 2000,
    maxRetries: 0,
    clock: new FixedClock('2026-06-01T09:00:00.000Z'),
    ...overrides,
  });
}

describePaymentGatewayContract('TestPaymentGateway', async () => {
  const gateway = testGateway();
  return {
    gateway,
    cardToken: (outcome) => (outcome === 'succeeds' ? TEST_CARDS.succeeds : TEST_CARDS.declined),
    webhookAbout: async (checkoutId) => {
      const webhook = gateway.webhookFor(checkoutId, TEST_WEBHOOK_URL);
      if (!webhook) throw new Error('no completed payment for that checkout');
      return { ...webhook, url: TEST_WEBHOOK_URL };
    },
    sign: (rawBody) => ({ rawBody, headers: { [TEST_SIGNATURE_HEADER]: hmacBase64(TEST_WEBHOOK_SECRET, TEST_WEBHOOK_URL, rawBody) }, url: TEST_WEBHOOK_URL }),
    charged: async () => gateway.charges.map(({ amount, currency }) => ({ amount, currency })),
  };
});

describePaymentGatewayContract('SquarePaymentGateway against the fake Square API', async () => {
  const fake = await startFakeSquareServer();
  return {
    gateway: squareGateway(fake),
    cardToken: (outcome) => fake.issueCardToken(outcome === 'succeeds' ? 'ok' : 'declined'),
    webhookAbout: async (_checkoutId, paymentId) => ({ ...fake.webhookFor(paymentId), url: SQUARE_SEEN_URL }),
    sign: (rawBody) => ({
      rawBody,
      headers: { 'x-square-hmacsha256-signature': hmacBase64(fake.signatureKey, fake.notificationUrl, rawBody) },
      url: SQUARE_SEEN_URL,
    }),
    charged: async () => fake.completedPayments().map((p) => ({ amount: p.amount_money.amount, currency: p.amount_money.currency })),
    close: () => fake.close(),
  };
});

describe('TestPaymentGateway', () => {
  it('labels itself as test mode, word for word', () => {
    expect(TEST_MODE_LABEL).toBe('Test mode - no real money is taken');
    expect(testGateway().name).toBe('test');
  });

  it('knows its three test cards, typed with or without spaces or dashes', async () => {
    const gateway = testGateway();
    const { checkoutId } = await gateway.createCheckout(aCheckout());
    expect(await gateway.completeCheckout(checkoutId, '4000 0000 0000 0002')).toEqual({ status: 'FAILED', message: 'Card declined' });
    await expect(gateway.completeCheckout(checkoutId, '4000-0000-0000-0119')).rejects.toBeInstanceOf(UnavailableError);
    await expect(gateway.completeCheckout(checkoutId, '4000000000000119')).rejects.toThrow(TEST_MESSAGES.processingError);
    expect(gateway.charges).toEqual([]);
    expect(await gateway.completeCheckout(checkoutId, '4111-1111-1111-1111')).toMatchObject({ status: 'COMPLETED', completedAt: '2026-06-01T09:00:00.000Z' });
    expect(gateway.charges).toEqual([expect.objectContaining({ checkoutId, amount: 2500, currency: 'GBP' })]);
  });

  it('refuses any other card number with a hint to use the test card, taking nothing', async () => {
    const gateway = testGateway();
    const { checkoutId } = await gateway.createCheckout(aCheckout());
    for (const card of ['5555 5555 5555 4444', '4111 1111 1111 1112', '', 'tok_visa']) {
      expect(await gateway.completeCheckout(checkoutId, card)).toEqual({
        status: 'FAILED',
        message: 'This is test mode: use the test card 4111 1111 1111 1111',
      });
    }
    expect(gateway.charges).toEqual([]);
  });

  it('keeps checkouts payable across a restart with the same secret, with the same payment id', async () => {
    const before = testGateway();
    const { checkoutId } = await before.createCheckout(aCheckout());
    const paidBefore = await before.completeCheckout(checkoutId, TEST_CARDS.succeeds);

    const afterRestart = testGateway();
    expect((await afterRestart.createCheckout(aCheckout())).checkoutId).toBe(checkoutId);
    const paidAfter = await afterRestart.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    expect(paidAfter).toMatchObject({ status: 'COMPLETED', paymentId: (paidBefore as { paymentId: string }).paymentId });

    const otherSecret = testGateway({ checkoutSecret: 'a-different-checkout-secret-000000' });
    await expect(otherSecret.completeCheckout(checkoutId, TEST_CARDS.succeeds)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refunds a payment taken before a restart, up to its amount, and no payment it did not take', async () => {
    const before = testGateway();
    const { checkoutId } = await before.createCheckout(aCheckout({ amount: 2500 }));
    const paid = (await before.completeCheckout(checkoutId, TEST_CARDS.succeeds)) as { paymentId: string };
    const refused = (await before.completeCheckout(
      (await before.createCheckout(aCheckout({ bookingId: 'bk_refused' }))).checkoutId,
      TEST_CARDS.refundRefused,
    )) as { paymentId: string };

    const afterRestart = testGateway();
    const refund = (amount: number, key: string, paymentId = paid.paymentId) =>
      afterRestart.refund({ paymentId, amount, currency: 'GBP', reason: 'Booking cancelled', idempotencyKey: key });
    expect(await refund(1000, 'part-1')).toMatchObject({ status: 'REFUNDED' });
    expect(await refund(1600, 'too-much')).toEqual({ status: 'FAILED', message: TEST_MESSAGES.refundTooLarge });
    expect(await refund(1500, 'part-2')).toMatchObject({ status: 'REFUNDED' });
    expect(afterRestart.refunds.map((r) => r.amount)).toEqual([1000, 1500]);
    // The refund-refused card keeps refusing after a restart.
    expect(await refund(100, 'refused', refused.paymentId)).toEqual({ status: 'FAILED', message: TEST_MESSAGES.refundRefused });

    // A payment id with its amount raised, another secret's payment, or any other text: not ours.
    const raised = paid.paymentId.replace('.2500.', '.9999.');
    expect(await refund(100, 'raised', raised)).toEqual({ status: 'FAILED', message: TEST_MESSAGES.unknownPayment });
    const otherSecret = testGateway({ checkoutSecret: 'a-different-checkout-secret-000000' });
    expect(await otherSecret.refund({ paymentId: paid.paymentId, amount: 100, currency: 'GBP', reason: 'x', idempotencyKey: 'k' })).toEqual({
      status: 'FAILED',
      message: TEST_MESSAGES.unknownPayment,
    });
    expect(await refund(100, 'demo', 'demo-pay-bk-regatta-01')).toEqual({ status: 'FAILED', message: TEST_MESSAGES.unknownPayment });
    expect(afterRestart.refunds).toHaveLength(2);
  });

  it('signs webhooks exactly as Square does, so one webhook route serves both gateways', async () => {
    const gateway = testGateway();
    const { checkoutId } = await gateway.createCheckout(aCheckout());
    await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const webhook = gateway.webhookFor(checkoutId, TEST_WEBHOOK_URL)!;
    const valid = await WebhooksHelper.verifySignature({
      requestBody: webhook.rawBody.toString('utf8'),
      signatureHeader: webhook.headers[TEST_SIGNATURE_HEADER],
      signatureKey: TEST_WEBHOOK_SECRET,
      notificationUrl: TEST_WEBHOOK_URL,
    });
    expect(valid).toBe(true);
    expect(JSON.parse(webhook.rawBody.toString('utf8'))).toMatchObject({
      type: 'payment.updated',
      data: { object: { payment: { status: 'COMPLETED', reference_id: 'bk_Regatta2026_0001', amount_money: { amount: 2500, currency: 'GBP' } } } },
    });
  });

  it('ignores webhooks signed for another URL or with another secret, and payments it never took', async () => {
    const gateway = testGateway();
    const { checkoutId } = await gateway.createCheckout(aCheckout());
    expect(gateway.webhookFor(checkoutId, TEST_WEBHOOK_URL)).toBeNull();
    await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const webhook = gateway.webhookFor(checkoutId, TEST_WEBHOOK_URL)!;
    expect(await gateway.parseWebhook(webhook.rawBody, webhook.headers, 'http://127.0.0.1:3000/api/webhooks/other')).toBeNull();
    const otherSecret = testGateway({ webhookSecret: 'another-webhook-secret-0123456789' });
    expect(await otherSecret.parseWebhook(webhook.rawBody, webhook.headers, TEST_WEBHOOK_URL)).toBeNull();

    // Correctly signed, but about a payment id this gateway did not make.
    const body = Buffer.from(webhook.rawBody.toString('utf8').replaceAll(/tp_[A-Za-z0-9_-]+/g, 'tp_forgedPaymentId000000'));
    const headers = { [TEST_SIGNATURE_HEADER]: hmacBase64(TEST_WEBHOOK_SECRET, TEST_WEBHOOK_URL, body) };
    expect(await gateway.parseWebhook(body, headers, TEST_WEBHOOK_URL)).toBeNull();
  });

  it('refuses short secrets at construction', () => {
    expect(() => testGateway({ checkoutSecret: 'short' })).toThrow(/at least 16/);
    expect(() => testGateway({ webhookSecret: 'short' })).toThrow(/at least 16/);
  });
});

describe('SquarePaymentGateway against the fake Square API', () => {
  let fake: FakeSquareServer;
  afterEach(async () => {
    await fake?.close();
  });

  /** A gateway on a fresh fake Square server (kept in `fake` for the test to look at), and a checkout opened on it. */
  async function gatewayWithCheckout(overrides: Partial<SquarePaymentGatewayOptions> = {}, checkout = aCheckout()) {
    fake = await startFakeSquareServer();
    const gateway = squareGateway(fake, overrides);
    const { checkoutId } = await gateway.createCheckout(checkout);
    return { gateway, checkoutId };
  }

  it('sends Square the documented CreatePayment request: token, key, the checkout amount, location and reference', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({}, aCheckout({ amount: 3750, currency: 'GBP' }));
    const token = fake.issueCardToken('ok');
    await gateway.completeCheckout(checkoutId, token);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/payments');
    expect(request.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request.headers['square-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.body).toMatchObject({
      source_id: token,
      amount_money: { amount: 3750, currency: 'GBP' },
      location_id: fake.locationId,
      reference_id: 'bk_Regatta2026_0001',
      autocomplete: true,
    });
    const key = (request.body as { idempotency_key: string }).idempotency_key;
    expect(key.length).toBeGreaterThan(0);
    expect(key.length).toBeLessThanOrEqual(45);
  });

  it('maps each decline to a message a member can act on, and charges nothing', async () => {
    fake = await startFakeSquareServer();
    const gateway = squareGateway(fake);
    const cases = [
      ['declined', SQUARE_MESSAGES.declined],
      ['cvv', SQUARE_MESSAGES.cvv],
      ['postcode', SQUARE_MESSAGES.postcode],
      ['expired', SQUARE_MESSAGES.expiry],
      ['insufficient-funds', SQUARE_MESSAGES.funds],
      ['verification', SQUARE_MESSAGES.verification],
    ] as const;
    for (const [outcome, message] of cases) {
      const { checkoutId } = await gateway.createCheckout(aCheckout({ bookingId: `bk_${outcome.replace('-', '_')}` }));
      expect(await gateway.completeCheckout(checkoutId, fake.issueCardToken(outcome))).toEqual({ status: 'FAILED', message });
    }
    expect(fake.completedPayments()).toEqual([]);
    expect(fake.payments.map((p) => p.status)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED']);
    // CARD_DECLINED_VERIFICATION_REQUIRED asks the member to complete the bank's check.
    expect(SQUARE_MESSAGES.verification).toMatch(/verify/);
  });

  it('answers a card token Square refuses (used or invalid) with FAILED and asks for the details again', async () => {
    fake = await startFakeSquareServer();
    const gateway = squareGateway(fake);
    const token = fake.issueCardToken('ok');
    const first = await gateway.createCheckout(aCheckout({ bookingId: 'bk_first' }));
    const second = await gateway.createCheckout(aCheckout({ bookingId: 'bk_second' }));
    await gateway.completeCheckout(first.checkoutId, token);
    expect(await gateway.completeCheckout(second.checkoutId, token)).toEqual({ status: 'FAILED', message: SQUARE_MESSAGES.details });
    expect(await gateway.completeCheckout(second.checkoutId, 'cnon:made-up')).toEqual({ status: 'FAILED', message: SQUARE_MESSAGES.details });
    expect(fake.completedPayments()).toHaveLength(1);
  });

  it('reports a 5xx or 429 as UnavailableError, then pays with the same token once Square is back', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout();
    const token = fake.issueCardToken('ok');
    for (const status of [500, 503, 429]) {
      fake.failWith({ kind: 'status', status });
      const error = await gateway.completeCheckout(checkoutId, token).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toBe(SQUARE_MESSAGES.unavailable);
    }
    fake.failWith(null);
    expect(await gateway.completeCheckout(checkoutId, token)).toMatchObject({ status: 'COMPLETED' });
    const keys = new Set(fake.requests.map((r) => (r.body as { idempotency_key: string }).idempotency_key));
    expect(keys.size).toBe(1);
    expect(fake.completedPayments()).toHaveLength(1);
  });

  it('does not call an APPROVED or PENDING payment paid: the member is told it is still being processed, and no second card is charged', async () => {
    fake = await startFakeSquareServer();
    const gateway = squareGateway(fake);
    for (const outcome of ['approved', 'pending'] as const) {
      const { checkoutId } = await gateway.createCheckout(aCheckout({ bookingId: `bk_${outcome}` }));
      const token = fake.issueCardToken(outcome);
      const error = await gateway.completeCheckout(checkoutId, token).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toBe(SQUARE_MESSAGES.pending);
      // Trying again with another card asks Square about the first payment again (same key) and
      // charges no new card while the first is undecided.
      await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok')).catch(() => undefined);
      expect(fake.payments.filter((p) => p.reference_id === `bk_${outcome}`)).toHaveLength(1);
    }
    expect(fake.completedPayments()).toEqual([]);
    // The webhook of an undecided payment is not a completion either.
    const pending = fake.payments.find((p) => p.status === 'PENDING')!;
    const { rawBody, headers } = fake.webhookFor(pending.id);
    expect(await gateway.parseWebhook(rawBody, headers, fake.notificationUrl)).toMatchObject({ status: 'PENDING', completedAt: null });
  });

  it('waits 10 s for Square and tries a failed call once more by default', async () => {
    fake = await startFakeSquareServer();
    // The gateway's own defaults: no timeout or retry setting given.
    const gateway = squareGateway(fake, { timeoutMs: undefined, maxRetries: undefined });
    expect(SQUARE_TIMEOUT_MS).toBe(10_000);
    const { checkoutId } = await gateway.createCheckout(aCheckout());
    fake.failWith({ kind: 'status', status: 503 });
    await expect(gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'))).rejects.toBeInstanceOf(UnavailableError);
    // The first try and exactly one retry, with the same key.
    expect(fake.requests).toHaveLength(1 + SQUARE_MAX_RETRIES);
    expect(SQUARE_MAX_RETRIES).toBe(1);
  });

  it('gives up on a Square that does not answer within the timeout, as unavailable, and charges once when asked again', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({ timeoutMs: 300 });
    const token = fake.issueCardToken('ok');
    fake.failWith({ kind: 'slow', delayMs: 1500 });
    const error = await gateway.completeCheckout(checkoutId, token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    fake.failWith(null);
    expect(await gateway.completeCheckout(checkoutId, token)).toMatchObject({ status: 'COMPLETED' });
    expect(fake.completedPayments()).toHaveLength(1);
  });

  it('reads the currency of its location from the Locations API once, and says clearly when the location cannot be read', async () => {
    fake = await startFakeSquareServer({ currency: 'EUR' });
    const gateway = squareGateway(fake);
    expect(await gateway.cardCurrency()).toBe('EUR');
    expect(await gateway.cardCurrency()).toBe('EUR');
    expect(fake.requests.filter((r) => r.path === `/v2/locations/${fake!.locationId}`)).toHaveLength(1);

    const wrongLocation = squareGateway(fake, { locationId: 'LNOSUCHPLACE' });
    const error = await wrongLocation.cardCurrency().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe('Square location LNOSUCHPLACE cannot be read');
    const wrongToken = squareGateway(fake, { accessToken: 'EAAAl-wrong' });
    await expect(wrongToken.cardCurrency()).rejects.toBeInstanceOf(UnavailableError);

    const yen = await startFakeSquareServer({ currency: 'JPY' });
    try {
      await expect(squareGateway(yen).cardCurrency()).rejects.toThrow('takes JPY, a currency this app does not offer');
    } finally {
      await yen.close();
    }
  });

  it('retries 5xx answers itself with the same idempotency key when asked to', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({ maxRetries: 1 });
    fake.failWith({ kind: 'status', status: 503 });
    await expect(gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'))).rejects.toBeInstanceOf(UnavailableError);
    expect(fake.requests).toHaveLength(2);
    expect(new Set(fake.requests.map((r) => (r.body as { idempotency_key: string }).idempotency_key)).size).toBe(1);
  });

  it('reports a refused access token as UnavailableError (configuration), not as a declined card', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({ accessToken: 'EAAAl-wrong-token' });
    const error = await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe(SQUARE_MESSAGES.unavailable);
    expect(fake.payments).toEqual([]);
  });

  it('never charges twice when an answer is lost: the next attempt asks about the first before charging a new card', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({ timeoutMs: 300 });
    fake.failWith({ kind: 'slow', delayMs: 1500 });
    await expect(gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'))).rejects.toBeInstanceOf(UnavailableError);
    // Square took the money; the member, seeing an error, enters the card again, twice.
    expect(fake.completedPayments()).toHaveLength(1);
    fake.failWith({ kind: 'status', status: 500 });
    await expect(gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'))).rejects.toBeInstanceOf(UnavailableError);
    fake.failWith(null);
    const retried = await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'));
    expect(retried).toEqual({ status: 'COMPLETED', paymentId: fake.completedPayments()[0].id, completedAt: expect.any(String) });
    expect(fake.completedPayments()).toHaveLength(1);
  });

  it('charges the new card when the attempt whose answer was lost had been declined', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({ timeoutMs: 300 });
    fake.failWith({ kind: 'slow', delayMs: 1500 });
    await expect(gateway.completeCheckout(checkoutId, fake.issueCardToken('declined'))).rejects.toBeInstanceOf(UnavailableError);
    fake.failWith(null);
    expect(await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'))).toMatchObject({ status: 'COMPLETED' });
    expect(fake.payments.map((p) => p.status)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('verifies webhooks with the real HMAC over the configured notification URL, as the Square SDK does', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout();
    const paid = await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'));
    const webhook = fake.webhookFor((paid as { paymentId: string }).paymentId, 'payment.created');
    const sdkSays = await WebhooksHelper.verifySignature({
      requestBody: webhook.rawBody.toString('utf8'),
      signatureHeader: webhook.headers['x-square-hmacsha256-signature'],
      signatureKey: fake.signatureKey,
      notificationUrl: fake.notificationUrl,
    });
    expect(sdkSays).toBe(true);
    // Whatever URL the request reached the server by, the configured one is what Square signed.
    for (const seen of [SQUARE_SEEN_URL, 'https://elsewhere.example/hook']) {
      expect(await gateway.parseWebhook(webhook.rawBody, webhook.headers, seen)).toMatchObject({ checkoutId, status: 'COMPLETED' });
    }
    // Headers arrive lowercased from Node, but a differently cased name still counts.
    const upper = { 'X-Square-HmacSha256-Signature': webhook.headers['x-square-hmacsha256-signature'] };
    expect(await gateway.parseWebhook(webhook.rawBody, upper, SQUARE_SEEN_URL)).toMatchObject({ checkoutId });
  });

  it('refuses forged webhooks: another key, another subscription URL, or a body changed after signing', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout();
    const paid = await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'));
    const webhook = fake.webhookFor((paid as { paymentId: string }).paymentId);
    const body = webhook.rawBody;
    const forgeries = [
      hmacBase64('a-guessed-signature-key', fake.notificationUrl, body),
      hmacBase64(fake.signatureKey, 'https://attacker.example/api/webhooks/square', body),
      hmacBase64(fake.signatureKey, fake.notificationUrl, Buffer.from(`${body.toString('utf8')} `)),
    ];
    for (const signature of forgeries) {
      expect(await gateway.parseWebhook(body, { 'x-square-hmacsha256-signature': signature }, SQUARE_SEEN_URL)).toBeNull();
    }
  });

  it('reads a replayed webhook the same each time, and ties a payment to its checkout by reference and amount', async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout({}, aCheckout({ amount: 1999, currency: 'EUR' }));
    const paid = await gateway.completeCheckout(checkoutId, fake.issueCardToken('ok'));
    const webhook = fake.webhookFor((paid as { paymentId: string }).paymentId);
    const reads = await Promise.all([1, 2, 3].map(() => gateway.parseWebhook(webhook.rawBody, webhook.headers, SQUARE_SEEN_URL)));
    expect(reads).toEqual([reads[0], reads[0], reads[0]]);
    // The amount and currency are the payment's amount_money, as Square's payment.updated carries it.
    expect(reads[0]).toEqual({
      checkoutId,
      paymentId: (paid as { paymentId: string }).paymentId,
      status: 'COMPLETED',
      completedAt: expect.any(String),
      checkoutBookingId: aCheckout().bookingId,
      amount: 1999,
      currency: 'EUR',
    });

    // A gateway started afresh (a restart) reads it the same: nothing was kept in memory for this.
    expect(await squareGateway(fake).parseWebhook(webhook.rawBody, webhook.headers, SQUARE_SEEN_URL)).toEqual(reads[0]);
  });

  it("reads a declined payment's webhook as FAILED without a completion time", async () => {
    const { gateway, checkoutId } = await gatewayWithCheckout();
    await gateway.completeCheckout(checkoutId, fake.issueCardToken('declined'));
    const webhook = fake.webhookFor(fake.payments[0].id, 'payment.created');
    expect(await gateway.parseWebhook(webhook.rawBody, webhook.headers, SQUARE_SEEN_URL)).toEqual({
      checkoutId,
      paymentId: fake.payments[0].id,
      status: 'FAILED',
      completedAt: null,
      checkoutBookingId: aCheckout().bookingId,
      amount: aCheckout().amount,
      currency: aCheckout().currency,
    });
  });

  it("needs its configuration and tells the browser where Square's card form comes from", async () => {
    fake = await startFakeSquareServer();
    expect(() => squareGateway(fake, { accessToken: ' ' })).toThrow(/accessToken/);
    expect(() => squareGateway(fake, { webhookNotificationUrl: '' })).toThrow(/webhookNotificationUrl/);
    expect(() => squareGateway(fake, { environment: 'staging' as never })).toThrow(/sandbox or production/);
    expect(squareGateway(fake, { applicationId: 'sandbox-sq0idb-abc' }).webPaymentsSettings()).toEqual({
      applicationId: 'sandbox-sq0idb-abc',
      locationId: fake.locationId,
      environment: 'sandbox',
      scriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
    });
  });
});
