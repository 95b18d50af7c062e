import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { pino } from 'pino';
import { CARD_ACCOUNT_UNREADABLE } from '../../../../server/app';
import { squareEnv, startFakeSquareServer, type FakeSquareServer } from '../../../support/fake-square-server';
import { addAdmin, addEvent, signIn, startTestApp, type TestApp, withTestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { withTempSqlite } from '../../../support/temp-sqlite';
import { emptyEventForm } from '../../../../core/events/event-form';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm({ numberAttending: '3', numberOfChildren: '1', numberOfVegetarian: '0', email: '' });

async function paidBooking(app: TestApp, fields: Record<string, unknown> = {}) {
  const event = await addEvent(app, { requiresPayment: true, price: 1250, name: 'Summer barbecue', ...fields });
  // The member's browser: it keeps the booking's proof cookie, as the booking page's does.
  const browser = app.agent();
  const res = await browser.post('/api/bookings').send({ eventId: event.id, ...form });
  expect(res.status).toBe(201);
  return { event, bookingId: res.body.bookingId as string, checkoutId: res.body.checkoutId as string, browser };
}

function complete(app: TestApp, checkoutId: string, cardToken: string) {
  return app.agent().post('/api/payments/complete').set('X-Requested-With', 'fetch').send({ checkoutId, cardToken });
}

describe('test mode (PAYMENTS=test, the default)', () => {
  let app: TestApp;
  useTestApp({}, async (started) => {
    app = started;
    await addAdmin(app, 'treasurer@example.org');
  });

  it('reports the test gateway in health and config, with no Square settings', async () => {
    expect((await app.agent().get('/api/health')).body.adapters.payments).toBe('test');
    const config = (await app.agent().get('/api/config')).body;
    expect(config.paymentsMode).toBe('test');
    expect(config.square).toBeNull();
  });

  it('GET /api/payments/checkouts/:checkoutId shows what the checkout charges, then that it is paid', async () => {
    const { event, bookingId, checkoutId, browser } = await paidBooking(app);
    const res = await browser.get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      bookingId,
      reference: expect.stringMatching(/^KYC-[2-9A-Z]{5}$/),
      eventId: event.id,
      eventName: 'Summer barbecue',
      amount: 3125,
      currency: 'GBP',
      paid: false,
      paymentsMode: 'test',
      // The member as booked, for the card form's billing contact (no e-mail was given).
      billingContact: { givenName: 'Ada', familyName: 'Lovelace', email: null },
      managePath: null,
      cancelled: false,
      note: null,
      // A booking's own checkout, not a change's.
      change: null,
    });
    expect((await complete(app, checkoutId, TEST_CARDS.succeeds)).status).toBe(200);
    const paid = (await browser.get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`)).body;
    expect(paid.paid).toBe(true);
    // Once paid, the manage link of this booking, for a member without e-mail to keep (only the
    // browser that booked gets it: test/features/payments/api/checkout-capability.test.ts).
    const token = new URLSearchParams(String(paid.managePath).split('?')[1]).get('token') ?? '';
    expect(String(paid.managePath)).toMatch(/^\/my-booking\?token=/);
    expect(app.get('bookingLinks').read(token, app.clock.now())).toBe(bookingId);
  });

  it('GET /api/payments/checkouts/:checkoutId is "Booking not found" for unknown and altered checkouts', async () => {
    const { checkoutId } = await paidBooking(app);
    for (const id of ['nope', checkoutId.replace('.3125.', '.1.'), `${checkoutId}x`]) {
      const res = await app.agent().get(`/api/payments/checkouts/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: 'Booking not found' });
    }
  });

  it('POST /api/payments/complete with the succeeding test card marks the booking paid; the admin sees Paid and the revenue', async () => {
    const { event, bookingId, checkoutId } = await paidBooking(app);
    const res = await complete(app, checkoutId, TEST_CARDS.succeeds);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'COMPLETED', bookingId, paymentId: expect.stringMatching(/^tp_/), alreadyPaid: false });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({
      paid: true,
      paymentId: res.body.paymentId,
      paymentCompletedAt: '2026-06-01T09:00:00.000Z',
    });

    const admin = app.agent();
    await signIn(admin, 'treasurer@example.org');
    const detail = await admin.get(`/api/admin/events/${event.id}/bookings`);
    expect(detail.status).toBe(200);
    expect(detail.body.bookings).toEqual([expect.objectContaining({ id: bookingId, paymentStatus: 'Paid', paymentIdShort: res.body.paymentId.slice(0, 8) })]);
    expect(detail.body.summary).toMatchObject({ paid: 1, pending: 0, revenue: { GBP: 3125 } });
  });

  it('answers a declined card with FAILED and its message; the booking stays pending and another card can pay', async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    const declined = await complete(app, checkoutId, TEST_CARDS.declined);
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ status: 'FAILED', bookingId, message: 'Card declined' });
    const unknownCard = await complete(app, checkoutId, '5555 5555 5555 4444');
    expect(unknownCard.body).toEqual({ status: 'FAILED', bookingId, message: 'This is test mode: use the test card 4111 1111 1111 1111' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: false, paymentId: null });
    expect((await complete(app, checkoutId, '4111-1111-1111-1111')).body.status).toBe('COMPLETED');
  });

  it('answers a processing error with 502 and charges nothing', async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    const res = await complete(app, checkoutId, TEST_CARDS.processingError);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'The payment could not be processed. Please try again.' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: false });
  });

  it('answers 404 for an unknown checkout and 400 for missing fields', async () => {
    const unknown = await complete(app, 'chk.100.GBP.nobody.xxxxxxxxxxxxxxxxxxxxxx', TEST_CARDS.succeeds);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Booking not found' });
    const missing = await app.agent().post('/api/payments/complete').send({ checkoutId: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ checkoutId: 'checkoutId is required', cardToken: 'cardToken is required' });
  });

  it('refuses with 402, charging nothing, once the 30-minute hold has expired', async () => {
    await withTestApp({}, async (expiring) => {
      const { bookingId, checkoutId } = await paidBooking(expiring);
      expiring.clock.advance(30 * 60 * 1000);
      const res = await complete(expiring, checkoutId, TEST_CARDS.succeeds);
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ error: 'Your place was held for 30 minutes and has been released. Please book again.' });
      expect(await expiring.get('bookings').get(bookingId)).toMatchObject({ paid: false });
      expect((expiring.get('payments') as TestPaymentGateway).charges).toEqual([]);
    });
  });

  it('POST /api/webhooks/test: a signed webhook marks paid a payment whose answer never reached the browser', async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    const gateway = app.get('payments') as TestPaymentGateway;
    // The charge happened, but the member's browser never told the server (closed tab).
    const charged = await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: false });
    const webhook = gateway.webhookFor(checkoutId, 'http://club.example/api/webhooks/test')!;
    const res = await app
      .agent()
      .post('/api/webhooks/test')
      .set('Host', 'club.example')
      // Not the admin API: no X-Requested-With, and a provider's own Origin (if any) is fine.
      .set('Origin', 'https://connect.squareup.com')
      .set('Content-Type', 'application/json')
      .set(webhook.headers)
      // As text: superagent would turn a Buffer into JSON of its bytes.
      .send(webhook.rawBody.toString('utf8'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'COMPLETED' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: true, paymentId: charged.status === 'COMPLETED' ? charged.paymentId : '' });
  });

  it('POST /api/webhooks/:gateway reads the exact bytes whatever the content type, and is 404 for another gateway', async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    const gateway = app.get('payments') as TestPaymentGateway;
    await gateway.completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const webhook = gateway.webhookFor(checkoutId, 'http://club.example/api/webhooks/test')!;
    const square = await app.agent().post('/api/webhooks/square').set('Host', 'club.example').set(webhook.headers).send(webhook.rawBody.toString('utf8'));
    expect(square.status).toBe(404);
    expect(square.body).toEqual({ error: 'Not found' });
    const res = await app
      .agent()
      .post('/api/webhooks/test')
      .set('Host', 'club.example')
      .set('Content-Type', 'text/plain')
      .set(webhook.headers)
      .send(webhook.rawBody.toString('utf8'));
    expect(res.body).toEqual({ status: 'COMPLETED' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: true });
  });

  it('POST /api/webhooks/test: an empty or oversized body changes nothing', async () => {
    expect((await app.agent().post('/api/webhooks/test')).body).toEqual({ status: 'IGNORED' });
    const huge = await app
      .agent()
      .post('/api/webhooks/test')
      .set('Content-Type', 'application/json')
      .send('a'.repeat(101 * 1024));
    expect(huge.status).toBe(413);
  });

  it('describes the payment routes in the OpenAPI document, the webhook with its raw body', async () => {
    const doc = (await app.agent().get('/api/openapi.json')).body;
    const complete = doc.paths['/api/payments/complete'].post;
    expect(Object.keys(complete.requestBody.content['application/json'].schema.properties)).toEqual(['checkoutId', 'cardToken']);
    expect(Object.keys(complete.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404', '502']));
    expect(doc.paths['/api/payments/checkouts/{checkoutId}'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:checkoutId',
    ]);
    const webhook = doc.paths['/api/webhooks/{gateway}'].post;
    expect(webhook.requestBody.content['application/json']).toBeDefined();
    // No session: the signature is the webhook's proof, so the document says it needs none.
    expect(webhook.security).toEqual([]);
  });

  it("keeps the test-mode CSP at 'self' only", async () => {
    const csp = String((await app.agent().get('/api/health')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('squarecdn');
    expect(csp).not.toContain('squareup');
  });
});

describe('Square (PAYMENTS=square) against a local Square API', () => {
  let square: FakeSquareServer;
  let app: TestApp;
  beforeAll(async () => {
    square = await startFakeSquareServer();
    app = await startTestApp({ env: squareEnv(square) });
  });
  afterAll(async () => {
    await app?.dispose();
    await square?.close();
  });

  it('reports Square in health and gives the browser the Web Payments SDK settings', async () => {
    expect((await app.agent().get('/api/health')).body.adapters.payments).toBe('square');
    const config = (await app.agent().get('/api/config')).body;
    expect(config.paymentsMode).toBe('square');
    expect(config.square).toEqual({
      applicationId: 'sandbox-sq0idb-club-app',
      locationId: square.locationId,
      environment: 'sandbox',
      scriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
    });
  });

  it("allows Square's sandbox hosts in the CSP, and nothing else beyond 'self'", async () => {
    const csp = String((await app.agent().get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://sandbox.web.squarecdn.com;");
    expect(csp).toContain("frame-src 'self' https://sandbox.web.squarecdn.com https://connect.squareupsandbox.com;");
    expect(csp).toContain("connect-src 'self' https://pci-connect.squareupsandbox.com https://connect.squareupsandbox.com https://sandbox.web.squarecdn.com;");
    expect(csp).toContain("font-src 'self' https://square-fonts-production-f.squarecdn.com https://d1g145x70srn7h.cloudfront.net;");
    expect(csp).toContain("default-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https:\/\/(web|connect\.squareup\.com)/);
  });

  it('refuses, in the event form, a paid event in a currency the Square location cannot take', async () => {
    await addAdmin(app, 'events-admin@example.org');
    const agent = app.agent();
    await signIn(agent, 'events-admin@example.org');
    const eventForm = {
      ...emptyEventForm(),
      name: 'Laying-up dinner',
      eventdatetime: '2026-10-10T19:00',
      allowBooking: true,
      requiresPayment: true,
      price: '30',
      currency: 'USD',
    };
    const before = (await app.get('events').list({ order: 'asc' })).length;
    const refused = await agent.post('/api/admin/events').set('X-Requested-With', 'fetch').send(eventForm);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      currency: "Card payments can only be taken in GBP (the currency of the club's card payment account): choose GBP, or turn off payment for this event",
    });
    expect((await app.get('events').list({ order: 'asc' })).length).toBe(before);
    const accepted = await agent
      .post('/api/admin/events')
      .set('X-Requested-With', 'fetch')
      .send({ ...eventForm, currency: 'GBP' });
    expect(accepted.status).toBe(201);
  });

  it("charges the checkout's amount once at Square and marks the booking paid", async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    const declined = await complete(app, checkoutId, square.issueCardToken('declined'));
    expect(declined.body).toEqual({ status: 'FAILED', bookingId, message: 'Card declined' });
    const paid = await complete(app, checkoutId, square.issueCardToken('ok'));
    expect(paid.body).toEqual({ status: 'COMPLETED', bookingId, paymentId: expect.any(String), alreadyPaid: false });
    const again = await complete(app, checkoutId, square.issueCardToken('ok'));
    expect(again.body).toEqual({ ...paid.body, alreadyPaid: true });
    const taken = square.completedPayments().filter((p) => p.reference_id === bookingId);
    expect(taken).toHaveLength(1);
    expect(taken[0].amount_money).toEqual({ amount: 3125, currency: 'GBP' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: true, paymentId: taken[0].id });
  });

  it("POST /api/webhooks/square: Square's signed payment.updated marks the booking paid (signed over the configured URL)", async () => {
    const { bookingId, checkoutId } = await paidBooking(app);
    // The payment went through at Square, but its answer was lost on the way back.
    await app.get('payments').completeCheckout(checkoutId, square.issueCardToken('ok'));
    const payment = square.completedPayments().find((p) => p.reference_id === bookingId)!;
    const webhook = square.webhookFor(payment.id);
    // Behind a proxy the request reaches us under another address; the signature covers the configured one.
    const res = await app.agent().post('/api/webhooks/square').set(webhook.headers).send(webhook.rawBody.toString('utf8'));
    expect(res.body).toEqual({ status: 'COMPLETED' });
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: true, paymentId: payment.id });
    expect((await app.agent().post('/api/webhooks/test').set(webhook.headers).send(webhook.rawBody.toString('utf8'))).status).toBe(404);
  });
});

describe('start-up', () => {
  it('refuses to start with a damaged payment secrets file, naming it', async () => {
    await withTempSqlite(async ({ dir: dataDir }) => {
      writeFileSync(join(dataDir, 'secrets.json'), 'not json');
      await expect(startTestApp({ dataDir })).rejects.toThrow(/secrets\.json is not a JSON object/);
    }, 'kyc-secrets-start-');
  });

  it('keeps open checkouts payable across a restart with the secrets it made', async () => {
    await withTestApp({}, async (app) => {
      const { bookingId, checkoutId } = await paidBooking(app);
      await app.restart();
      const res = await complete(app, checkoutId, TEST_CARDS.succeeds);
      expect(res.body).toMatchObject({ status: 'COMPLETED', bookingId });
    });
  });
});

describe('starting with PAYMENTS=square', () => {
  it("refuses to start when the Square location cannot be read, naming the settings to check and Square's answer", async () => {
    const square = await startFakeSquareServer();
    try {
      const mistakes: Record<string, string>[] = [{ SQUARE_LOCATION_ID: 'LNOSUCHPLACE' }, { SQUARE_ACCESS_TOKEN: 'EAAAl-revoked-token' }];
      for (const overrides of mistakes) {
        const error = await startTestApp({ env: squareEnv(square, overrides) }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toContain(CARD_ACCOUNT_UNREADABLE);
      }
      expect(await startTestApp({ env: squareEnv(square, { SQUARE_LOCATION_ID: 'LNOSUCHPLACE' }) }).catch((e: Error) => e.message)).toMatch(
        /LNOSUCHPLACE cannot be read: .*Location `LNOSUCHPLACE` not found/s,
      );
    } finally {
      await square.close();
    }
  });

  it("starts, and names in the log the upcoming paid events in another currency than the location's", async () => {
    const square = await startFakeSquareServer({ currency: 'EUR' });
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    try {
      const app = await startTestApp({ env: { ...squareEnv(square), SEED_DEMO_DATA: 'true' }, build: { logger } });
      try {
        const upcomingPaid = (await app.get('events').listNotOverBefore(app.clock.now())).filter((e) => e.requiresPayment);
        expect(upcomingPaid.length).toBeGreaterThan(0);
        const logged = lines
          .map((line) => JSON.parse(line) as { msg: string; events?: string[] })
          .find((l) => l.msg.startsWith('Card payments are taken in EUR only'));
        expect(logged?.events?.sort()).toEqual(
          upcomingPaid
            .filter((e) => e.currency !== 'EUR')
            .map((e) => e.id)
            .sort(),
        );
      } finally {
        await app.dispose();
      }
    } finally {
      await square.close();
    }
  });
});
