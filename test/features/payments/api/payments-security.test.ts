import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, TEST_SIGNATURE_HEADER, TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import type { Booking } from '../../../../core/bookings/booking';
import { addAdmin, addEvent, FETCH, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aBookingForm } from '../../../support/api/booking-form';

/**
 * What a member's browser (or anyone pretending to be one) cannot do: set the price, mark a
 * booking paid, or get a payment confirmed twice. Only the gateway's answer to a charge or its
 * correctly signed webhook marks a booking paid, for the amount the server computed.
 */

const WEBHOOK_URL = 'http://club.example/api/webhooks/test';

let app: TestApp;
let gateway: TestPaymentGateway;

beforeAll(async () => {
  app = await startTestApp();
  gateway = app.get('payments') as TestPaymentGateway;
  await addAdmin(app, 'treasurer@example.org');
});
afterAll(async () => {
  await app.dispose();
});

const form = aBookingForm({ numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0', email: '' });

async function paidBooking(extra: Record<string, unknown> = {}) {
  const event = await addEvent(app, { requiresPayment: true, price: 2000 });
  const res = await app
    .agent()
    .post('/api/bookings')
    .send({ eventId: event.id, ...form, ...extra });
  expect(res.status).toBe(201);
  return { event, bookingId: res.body.bookingId as string, checkoutId: res.body.checkoutId as string, answer: res.body };
}

async function stored(bookingId: string): Promise<Booking> {
  const booking = await app.get('bookings').get(bookingId);
  if (!booking) throw new Error(`no booking ${bookingId}`);
  return booking;
}

function chargesFor(checkoutId: string) {
  return gateway.charges.filter((c) => c.checkoutId === checkoutId);
}

function postWebhook(rawBody: Buffer | string, headers: Record<string, string>, host = 'club.example') {
  return app.agent().post('/api/webhooks/test').set('Host', host).set('Content-Type', 'application/json').set(headers).send(rawBody.toString());
}

describe("the amount is the server's", () => {
  it('ignores amount, totalAmount, price, paid and payment fields in the booking request', async () => {
    const { bookingId, checkoutId, answer } = await paidBooking({
      amount: 1,
      totalAmount: 1,
      price: 0.01,
      paymentAmount: 1,
      currency: 'USD',
      paid: true,
      paymentId: 'pay_by_me',
      paymentRequired: false,
    });
    expect(answer).toMatchObject({ paymentRequired: true, amount: 4000, currency: 'GBP' });
    expect(checkoutId).toMatch(/^chk\.4000\.GBP\./);
    expect(await stored(bookingId)).toMatchObject({ paid: false, paymentId: null, paymentAmount: 4000, paymentCurrency: 'GBP', paymentRequired: true });
    const completed = await app.agent().post('/api/payments/complete').send({ checkoutId, cardToken: TEST_CARDS.succeeds, amount: 1, currency: 'USD' });
    expect(completed.body.status).toBe('COMPLETED');
    expect(chargesFor(checkoutId)).toEqual([expect.objectContaining({ amount: 4000, currency: 'GBP' })]);
  });

  it('refuses a checkout id whose amount was changed in the address, charging nothing', async () => {
    const { bookingId, checkoutId } = await paidBooking();
    const cheaper = checkoutId.replace('chk.4000.', 'chk.1.');
    const res = await app.agent().post('/api/payments/complete').send({ checkoutId: cheaper, cardToken: TEST_CARDS.succeeds });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Booking not found' });
    expect((await app.agent().get(`/api/payments/checkouts/${encodeURIComponent(cheaper)}`)).status).toBe(404);
    expect(gateway.charges.filter((c) => c.checkoutId === cheaper || c.checkoutId === checkoutId)).toEqual([]);
    expect(await stored(bookingId)).toMatchObject({ paid: false });
  });
});

describe('webhooks', () => {
  it('ignores a forged webhook (wrong signature, wrong key, another URL, a changed body) and changes nothing', async () => {
    const { bookingId, checkoutId } = await paidBooking();
    // The member paid, but the answer was lost: only a genuine webhook may now mark it paid.
    await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const genuine = gateway.webhookFor(checkoutId, WEBHOOK_URL)!;
    const before = await stored(bookingId);
    const otherKey = createHmac('sha256', 'another-secret-of-sixteen+').update(WEBHOOK_URL).update(genuine.rawBody).digest('base64');
    const changedBody = Buffer.from(genuine.rawBody.toString().replace(`"amount":4000`, '"amount":4001'));
    const attempts = [
      postWebhook(genuine.rawBody, { [TEST_SIGNATURE_HEADER]: 'AAAA' }),
      postWebhook(genuine.rawBody, {}),
      postWebhook(genuine.rawBody, { [TEST_SIGNATURE_HEADER]: otherKey }),
      postWebhook(genuine.rawBody, genuine.headers, 'evil.example'),
      postWebhook(changedBody, genuine.headers),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'IGNORED' });
    }
    expect(changedBody.equals(genuine.rawBody)).toBe(false);
    expect(await stored(bookingId)).toEqual(before);
    // The genuine one still works afterwards.
    expect((await postWebhook(genuine.rawBody, genuine.headers)).body).toEqual({ status: 'COMPLETED' });
    expect(await stored(bookingId)).toMatchObject({ paid: true });
  });

  it('ignores a correctly signed webhook about a payment the gateway never took', async () => {
    const { bookingId, checkoutId } = await paidBooking();
    const other = await paidBooking();
    await gateway.completeCheckout(other.checkoutId, TEST_CARDS.succeeds);
    // A genuine webhook for another booking, rewritten to name this one and re-signed by someone
    // who somehow has the key: the payment id is not one the gateway made for this checkout.
    const genuine = gateway.webhookFor(other.checkoutId, WEBHOOK_URL)!;
    const body = genuine.rawBody.toString().replaceAll(other.bookingId, bookingId);
    const secret = (gateway as unknown as { options: { webhookSecret: string } }).options.webhookSecret;
    const signature = createHmac('sha256', secret).update(WEBHOOK_URL).update(body).digest('base64');
    expect((await postWebhook(body, { [TEST_SIGNATURE_HEADER]: signature })).body).toEqual({ status: 'IGNORED' });
    expect(await stored(bookingId)).toMatchObject({ paid: false });
    expect(chargesFor(checkoutId)).toEqual([]);
  });

  it('a replayed webhook changes nothing the second time', async () => {
    const { bookingId, checkoutId } = await paidBooking();
    await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const webhook = gateway.webhookFor(checkoutId, WEBHOOK_URL)!;
    expect((await postWebhook(webhook.rawBody, webhook.headers)).body).toEqual({ status: 'COMPLETED' });
    const afterFirst = await stored(bookingId);
    app.clock.advance(60 * 60 * 1000);
    for (let i = 0; i < 3; i += 1) expect((await postWebhook(webhook.rawBody, webhook.headers)).status).toBe(200);
    expect(await stored(bookingId)).toEqual(afterFirst);
    expect(chargesFor(checkoutId)).toHaveLength(1);
  });
});

describe("paid only on the gateway's word", () => {
  it('no endpoint marks a booking paid from what the browser says, signed in or not', async () => {
    const { event, bookingId, checkoutId } = await paidBooking();
    const claim = {
      paid: true,
      status: 'COMPLETED',
      paymentStatus: 'Paid',
      paymentId: 'pay_by_browser',
      paymentCompletedAt: '2026-06-01T09:00:00.000Z',
      bookingId,
      checkoutId,
      cardToken: 'paid',
      eventId: event.id,
    };
    const admin = await addAdmin(app, `everything-${Date.now()}@example.org`);
    const fill = (path: string) =>
      path.replace(':checkoutId', encodeURIComponent(checkoutId)).replace(':gateway', 'test').replace(':uid', admin.uid).replace(':id', event.id);
    const writes = app.built.routes.filter((r) => r.method !== 'get');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/payments/complete', 'post /api/webhooks/:gateway', 'post /api/bookings']),
    );
    // One signed-in agent for every route, signed in again only when a route ended its session
    // (signing out, say): each route is still sent signed in, without a sign-in per route.
    let adminAgent: ReturnType<TestApp['agent']> | undefined;
    const signedInAdmin = async () => {
      if (adminAgent && (await adminAgent.get('/api/admin/session')).status === 200) return adminAgent;
      adminAgent = app.agent();
      await signIn(adminAgent, admin.email);
      return adminAgent;
    };
    for (const route of writes) {
      for (const signedIn of [false, true]) {
        const agent = signedIn ? await signedInAdmin() : app.agent();
        const res = await agent[route.method as 'post'](fill(route.path)).set(FETCH).send(claim);
        expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
        expect(await stored(bookingId), `${route.method} ${route.path} (signed in: ${signedIn})`).toMatchObject({ paid: false, paymentId: null });
      }
    }
    expect(chargesFor(checkoutId)).toEqual([]);
    const detail = await (async () => {
      const agent = app.agent();
      await signIn(agent, 'treasurer@example.org');
      return agent.get(`/api/admin/events/${event.id}/bookings`);
    })();
    expect(detail.body.bookings.find((b: { id: string }) => b.id === bookingId).paymentStatus).toBe('Pending');
  });
});

describe('never charged twice', () => {
  it('completing twice, or five times at once, charges once and answers the same payment', async () => {
    const { bookingId, checkoutId } = await paidBooking();
    const first = await app.agent().post('/api/payments/complete').send({ checkoutId, cardToken: TEST_CARDS.succeeds });
    const second = await app.agent().post('/api/payments/complete').send({ checkoutId, cardToken: TEST_CARDS.succeeds });
    expect(first.body).toMatchObject({ status: 'COMPLETED', alreadyPaid: false });
    expect(second.body).toEqual({ ...first.body, alreadyPaid: true });
    expect(chargesFor(checkoutId)).toHaveLength(1);

    const racing = await paidBooking();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.agent().post('/api/payments/complete').send({ checkoutId: racing.checkoutId, cardToken: TEST_CARDS.succeeds })),
    );
    const paymentIds = new Set(answers.map((a) => a.body.paymentId));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'COMPLETED')).toBe(true);
    expect(paymentIds.size).toBe(1);
    expect(answers.filter((a) => a.body.alreadyPaid === false)).toHaveLength(1);
    expect(chargesFor(racing.checkoutId)).toHaveLength(1);
    expect(await stored(racing.bookingId)).toMatchObject({ paid: true, paymentId: [...paymentIds][0] });
    expect(await stored(bookingId)).toMatchObject({ paid: true, paymentId: first.body.paymentId });
  });
});
