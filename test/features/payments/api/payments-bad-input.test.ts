import fc from 'fast-check';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, TEST_SIGNATURE_HEADER, TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { addEvent, serverProperty, startTestApp, type TestApp } from '../../../support/api/test-app';

/**
 * The payment routes take whatever a client (or anyone posing as a payment provider) sends:
 * never a 500, never a booking marked paid, never a charge. Only the real succeeding test card
 * charges, and fast-check does not type it (it is filtered out to be sure).
 */

let app: TestApp;
let gateway: TestPaymentGateway;
let checkoutId: string;
let bookingId: string;
/** A checkout already charged at the gateway but not yet confirmed: a genuine webhook would mark it paid. */
let chargedCheckoutId: string;
let chargedBookingId: string;

beforeAll(async () => {
  app = await startTestApp();
  gateway = app.get('payments') as TestPaymentGateway;
  const event = await addEvent(app, { requiresPayment: true, price: 1500 });
  const book = async () => {
    const res = await app.agent().post('/api/bookings').send({ eventId: event.id, firstName: 'A', lastName: 'B', numberAttending: '1' });
    expect(res.status).toBe(201);
    return res.body as { bookingId: string; checkoutId: string };
  };
  ({ bookingId, checkoutId } = await book());
  ({ bookingId: chargedBookingId, checkoutId: chargedCheckoutId } = await book());
  await gateway.completeCheckout(chargedCheckoutId, TEST_CARDS.succeeds);
});
afterAll(async () => {
  await app.dispose();
});

const SUCCEEDING = TEST_CARDS.succeeds.replace(/\s/g, '');
const notTheGoodCard = (v: unknown) => typeof v !== 'string' || v.replace(/[\s-]/g, '') !== SUCCEEDING;

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    'NaN',
    '__proto__',
    'chk.1.GBP.x.y',
    'chk....',
    '<script>alert(1)</script>',
    "'; DROP TABLE bookings; --",
    TEST_CARDS.declined,
    TEST_CARDS.processingError,
  ),
  fc.string({ minLength: 1990, maxLength: 3000 }),
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddText, fc.constantFrom(null, true, false, -1, 1.5, 1e308, [], {}));

function completeBody() {
  const shaped = fc
    .tuple(
      fc.record(
        {
          // Not chargedCheckoutId: the gateway has taken that money, so any token rightly completes it.
          checkoutId: fc.oneof(anyValue, fc.constantFrom(checkoutId, `${checkoutId} `, checkoutId.toUpperCase())),
          cardToken: anyValue,
          amount: anyValue,
          paid: anyValue,
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'source', 'status', 'x'), anyValue, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
  return fc.oneof(shaped, anyValue).filter((body) => notTheGoodCard((body as { cardToken?: unknown } | null)?.cardToken));
}

function expectNoServerError(res: Response, what: string): void {
  if (res.status >= 500 && res.status !== 502) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  expect(res.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

async function expectUnpaid(): Promise<void> {
  expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: false, paymentId: null });
  expect(await app.get('bookings').get(chargedBookingId)).toMatchObject({ paid: false, paymentId: null });
  expect(gateway.charges.map((c) => c.checkoutId)).toEqual([chargedCheckoutId]);
}

describe('POST /api/payments/complete with generated bad bodies', () => {
  it('random JSON, wrong types, huge and odd text: a 4xx or a FAILED answer, never a 500, nothing paid or charged', async () => {
    await fc.assert(
      fc.asyncProperty(completeBody(), async (body) => {
        const res = await app.agent().post('/api/payments/complete').set('Content-Type', 'application/json').send(JSON.stringify(body));
        expectNoServerError(res, `complete with ${JSON.stringify(body).slice(0, 200)}`);
        if (res.status === 200) {
          expect(res.body.status).toBe('FAILED');
        } else if (res.status !== 502) {
          // 502 is the test gateway's own "processing error" card.
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(typeof res.body.error).toBe('string');
        }
      }),
      serverProperty(120),
    );
    await expectUnpaid();
  });

  it('malformed JSON and odd content types: a 4xx, never a 500, nothing paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
          fc.constantFrom('{', '{"checkoutId":', `{"checkoutId": "${checkoutId}",}`, "{'a': 1}", '\u0000', '{"cardToken": NaN}'),
        ),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
        async (text, type) => {
          const res = await app.agent().post('/api/payments/complete').set('Content-Type', type).send(text);
          expectNoServerError(res, `complete with ${type}: ${JSON.stringify(text).slice(0, 200)}`);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      serverProperty(60),
    );
    await expectUnpaid();
  });
});

describe('POST /api/webhooks/:gateway with generated bad requests', () => {
  const headerValue = fc.oneof(
    fc.string({ maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    fc.base64String({ maxLength: 44 }),
  );

  it('random bodies, signatures and content types are ignored: 200 IGNORED, never a 500, nothing paid', async () => {
    const genuine = gateway.webhookFor(chargedCheckoutId, 'http://club.example/api/webhooks/test')!.rawBody.toString();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
          // The genuine event, unsigned or with a made-up signature, or changed by a character.
          fc.nat({ max: genuine.length - 1 }).map((i) => genuine.slice(0, i) + (genuine[i] === '1' ? '2' : '1') + genuine.slice(i + 1)),
          fc.constant(genuine),
        ),
        fc.option(headerValue, { nil: undefined }),
        fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', 'application/json; charset=latin1'),
        async (body, signature, type) => {
          const request = app.agent().post('/api/webhooks/test').set('Host', 'club.example').set('Content-Type', type);
          if (signature !== undefined) request.set(TEST_SIGNATURE_HEADER, signature);
          const res = await request.send(body);
          expectNoServerError(res, `webhook with ${JSON.stringify(body).slice(0, 200)}`);
          expect(res.status).toBe(200);
          expect(res.body).toEqual({ status: 'IGNORED' });
        },
      ),
      serverProperty(120),
    );
    await expectUnpaid();
  });

  it('odd gateway names and checkout ids in paths are a 404 or 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 60 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
          fc.constantFrom('%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', encodeURIComponent('x'.repeat(5000)), 'TEST', 'square'),
        ),
        fc.boolean(),
        async (segment, webhook) => {
          const res = webhook ? await app.agent().post(`/api/webhooks/${segment}`).send('{}') : await app.agent().get(`/api/payments/checkouts/${segment}`);
          expectNoServerError(res, segment);
          expect([400, 404]).toContain(res.status);
        },
      ),
      serverProperty(100),
    );
    await expectUnpaid();
  });
});
