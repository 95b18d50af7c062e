import { afterEach, describe, expect, it } from 'vitest';
import type { Currency } from '../../../../core/shared/money';
import { NotFoundError, ValidationError } from '../../../../core/shared/errors';
import type { CheckoutRequest, PaymentGateway } from '../../../../core/payments/payment-gateway.port';

export interface SignedWebhook {
  rawBody: Buffer;
  headers: Record<string, string>;
  /** The URL the webhook was posted to, as the server would pass it. */
  url: string;
}

export interface PaymentGatewayHarness {
  gateway: PaymentGateway;
  /** A card token as the gateway's card form gives one; a fresh one each call (tokens may be single-use). */
  cardToken(outcome: 'succeeds' | 'declined'): string;
  /** The signed webhook the provider sends once it has taken the payment of the checkout. */
  webhookAbout(checkoutId: string, paymentId: string): Promise<SignedWebhook>;
  /** Signs any body as the provider signs its webhooks. */
  sign(rawBody: Buffer): SignedWebhook;
  /** The money the provider actually took, oldest first. */
  charged(): Promise<{ amount: number; currency: string }[]>;
  close?(): Promise<void>;
}

function aCheckout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const bookingId = overrides.bookingId ?? 'bk_Regatta2026_0001';
  return { bookingId, amount: 2500, currency: 'GBP', description: 'Summer Regatta: 2 attending', idempotencyKey: `booking-${bookingId}`, ...overrides };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** The contract every PaymentGateway adapter must pass: the sentences of the port's TSDoc. */
export function describePaymentGatewayContract(name: string, make: () => Promise<PaymentGatewayHarness>): void {
  describe(`PaymentGateway contract: ${name}`, () => {
    let opened: PaymentGatewayHarness | null = null;
    const harness = async () => {
      opened = await make();
      return opened;
    };
    afterEach(async () => {
      await opened?.close?.();
      opened = null;
    });

    it('creates a checkout for an amount and currency, with an id safe in a URL, and charges nothing', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout({ amount: 1250, currency: 'EUR' }));
      expect(checkoutId.length).toBeGreaterThan(0);
      expect(checkoutId.length).toBeLessThanOrEqual(200);
      expect(encodeURIComponent(checkoutId)).toBe(checkoutId);
      expect(await h.charged()).toEqual([]);
    });

    it('gives the same checkout for a retry with the same idempotency key, and another for another booking', async () => {
      const h = await harness();
      const first = await h.gateway.createCheckout(aCheckout());
      const retry = await h.gateway.createCheckout(aCheckout());
      const other = await h.gateway.createCheckout(aCheckout({ bookingId: 'bk_Regatta2026_0002' }));
      expect(retry.checkoutId).toBe(first.checkoutId);
      expect(other.checkoutId).not.toBe(first.checkoutId);
    });

    it('completes a checkout with the succeeding card and takes exactly the checkout amount', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout({ amount: 2500, currency: 'GBP' }));
      const result = await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      expect(result).toEqual({ status: 'COMPLETED', paymentId: expect.any(String), completedAt: expect.stringMatching(ISO_INSTANT) });
      if (result.status === 'COMPLETED') expect(result.paymentId.length).toBeGreaterThan(0);
      expect(await h.charged()).toEqual([{ amount: 2500, currency: 'GBP' }]);
    });

    it('returns the same payment when a completed checkout is completed again, with any card, and charges once', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout());
      const first = await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      expect(await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'))).toEqual(first);
      expect(await h.gateway.completeCheckout(checkoutId, h.cardToken('declined'))).toEqual(first);
      expect(await h.charged()).toHaveLength(1);
    });

    it("takes a booking's change (`<booking id>_c<n>`, the same amount) as a new checkout: charged anew, its own payment, its webhook read as its own", async () => {
      const h = await harness();
      const booking = await h.gateway.createCheckout(aCheckout({ amount: 1000 }));
      const paid = await h.gateway.completeCheckout(booking.checkoutId, h.cardToken('succeeds'));
      const change = await h.gateway.createCheckout(
        aCheckout({ bookingId: 'bk_Regatta2026_0001_c1', amount: 1000, idempotencyKey: 'change-bk_Regatta2026_0001_c1' }),
      );
      expect(change.checkoutId).not.toBe(booking.checkoutId);
      const second = await h.gateway.completeCheckout(change.checkoutId, h.cardToken('succeeds'));
      expect(second.status).toBe('COMPLETED');
      if (second.status !== 'COMPLETED' || paid.status !== 'COMPLETED') return;
      expect(second.paymentId).not.toBe(paid.paymentId);
      expect(await h.charged()).toEqual([
        { amount: 1000, currency: 'GBP' },
        { amount: 1000, currency: 'GBP' },
      ]);
      const webhook = await h.webhookAbout(change.checkoutId, second.paymentId);
      expect(await h.gateway.parseWebhook(webhook.rawBody, webhook.headers, webhook.url)).toMatchObject({
        checkoutId: change.checkoutId,
        paymentId: second.paymentId,
        status: 'COMPLETED',
        checkoutBookingId: 'bk_Regatta2026_0001_c1',
        amount: 1000,
        currency: 'GBP',
      });
    });

    it('charges once when two completions of one checkout race', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout());
      const [a, b] = await Promise.all([
        h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds')),
        h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds')),
      ]);
      expect(a.status).toBe('COMPLETED');
      expect(b).toEqual(a);
      expect(await h.charged()).toHaveLength(1);
    });

    it('answers a declined card with FAILED and a message, takes nothing, and lets the member try another card', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout());
      const declined = await h.gateway.completeCheckout(checkoutId, h.cardToken('declined'));
      expect(declined).toEqual({ status: 'FAILED', message: expect.stringMatching(/\S/) });
      expect(await h.charged()).toEqual([]);
      await expect(h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'))).resolves.toMatchObject({ status: 'COMPLETED' });
      expect(await h.charged()).toHaveLength(1);
    });

    it('refuses a checkout id it did not create, or one whose amount was changed, with NotFoundError and charges nothing', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout({ amount: 2500 }));
      // Where an id spells out its amount, spelling a smaller one must not make a cheaper checkout.
      const cheaper = checkoutId.replace('2500', '1');
      const forged = [cheaper, 'chk_unknown', '', `${checkoutId}x`].filter((id) => id !== checkoutId);
      for (const id of forged) {
        await expect(h.gateway.completeCheckout(id, h.cardToken('succeeds'))).rejects.toBeInstanceOf(NotFoundError);
      }
      expect(await h.charged()).toEqual([]);
    });

    it('takes amounts only as whole minor units above 0 from createCheckout', async () => {
      const h = await harness();
      for (const amount of [12.5, 0, -100, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(h.gateway.createCheckout(aCheckout({ amount }))).rejects.toBeInstanceOf(ValidationError);
      }
      await expect(h.gateway.createCheckout(aCheckout({ currency: 'JPY' as Currency }))).rejects.toBeInstanceOf(ValidationError);
      const { checkoutId } = await h.gateway.createCheckout(aCheckout({ amount: 1, currency: 'USD' }));
      await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      expect(await h.charged()).toEqual([{ amount: 1, currency: 'USD' }]);
    });

    it('reads the signed webhook about a completed payment as a notification of that checkout', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout({ amount: 4250, currency: 'GBP' }));
      const paid = await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      if (paid.status !== 'COMPLETED') throw new Error('the payment should have completed');
      const webhook = await h.webhookAbout(checkoutId, paid.paymentId);
      const notification = await h.gateway.parseWebhook(webhook.rawBody, webhook.headers, webhook.url);
      // With what the provider took, so a payment nobody waits for any more can be refunded in full.
      expect(notification).toEqual({
        checkoutId,
        paymentId: paid.paymentId,
        status: 'COMPLETED',
        completedAt: expect.stringMatching(ISO_INSTANT),
        checkoutBookingId: aCheckout().bookingId,
        amount: 4250,
        currency: 'GBP',
      });
    });

    it('reads a replayed webhook as the same notification', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout());
      const paid = await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      if (paid.status !== 'COMPLETED') throw new Error('the payment should have completed');
      const webhook = await h.webhookAbout(checkoutId, paid.paymentId);
      const first = await h.gateway.parseWebhook(webhook.rawBody, webhook.headers, webhook.url);
      const again = await h.gateway.parseWebhook(Buffer.from(webhook.rawBody), { ...webhook.headers }, webhook.url);
      expect(first).not.toBeNull();
      expect(again).toEqual(first);
    });

    it('returns null for a webhook with a wrong, missing or stale signature, or a changed body', async () => {
      const h = await harness();
      const { checkoutId } = await h.gateway.createCheckout(aCheckout());
      const paid = await h.gateway.completeCheckout(checkoutId, h.cardToken('succeeds'));
      if (paid.status !== 'COMPLETED') throw new Error('the payment should have completed');
      const webhook = await h.webhookAbout(checkoutId, paid.paymentId);
      const [signatureHeader] = Object.keys(webhook.headers).filter((k) => k.toLowerCase().includes('signature'));
      expect(signatureHeader).toBeDefined();
      const signature = webhook.headers[signatureHeader];
      const without = Object.fromEntries(Object.entries(webhook.headers).filter(([k]) => k !== signatureHeader));
      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const changedBody = Buffer.from(webhook.rawBody.toString('utf8').replace(paid.paymentId, `${paid.paymentId}X`));

      expect(await h.gateway.parseWebhook(webhook.rawBody, without, webhook.url)).toBeNull();
      expect(await h.gateway.parseWebhook(webhook.rawBody, { ...without, [signatureHeader]: '' }, webhook.url)).toBeNull();
      expect(await h.gateway.parseWebhook(webhook.rawBody, { ...without, [signatureHeader]: flipped }, webhook.url)).toBeNull();
      expect(await h.gateway.parseWebhook(webhook.rawBody, { ...without, [signatureHeader]: 'not base64 at all!' }, webhook.url)).toBeNull();
      expect(await h.gateway.parseWebhook(changedBody, webhook.headers, webhook.url)).toBeNull();
    });

    it('returns null, without throwing, for signed webhooks that are not about a payment of a checkout', async () => {
      const h = await harness();
      const bodies = [
        '',
        'not json',
        'null',
        '[]',
        JSON.stringify({ type: 'customer.created', event_id: 'e1', data: { type: 'customer', id: 'c1', object: { customer: { id: 'c1' } } } }),
        JSON.stringify({ type: 'payment.updated', data: { object: { payment: { id: 'p1', status: 'COMPLETED' } } } }),
        JSON.stringify({
          type: 'payment.updated',
          data: { object: { payment: { id: 'p1', status: 'COMPLETED', amount_money: { amount: 2500, currency: 'GBP' } } } },
        }),
      ];
      for (const body of bodies) {
        const webhook = h.sign(Buffer.from(body));
        expect(await h.gateway.parseWebhook(webhook.rawBody, webhook.headers, webhook.url)).toBeNull();
      }
    });
  });
}
