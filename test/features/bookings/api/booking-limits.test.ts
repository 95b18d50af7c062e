import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { UnavailableError } from '../../../../core/shared/errors';
import type { CheckoutRequest, RefundRequest } from '../../../../core/payments/payment-gateway.port';
import { TOO_MANY_PLACES_HELD } from '../../../../core/operations/submit-booking';
import { TOO_MANY_BOOKINGS_DAY, TOO_MANY_BOOKINGS_MINUTE } from '../../../../server/http/rate-limits';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { addEvent, NOW, serverProperty, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm({ numberAttending: '1', numberOfChildren: '0', numberOfVegetarian: '0', email: '' });
const LIMITS = { TRUST_PROXY: '1', BOOKING_LIMIT_PER_MINUTE: '10', BOOKING_LIMIT_PER_DAY: '60', BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '100' };

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
});

async function start(env: Record<string, string> = {}, adapters: Parameters<typeof startTestApp>[0] = {}) {
  const app = await startTestApp({ ...adapters, env: { ...LIMITS, ...env } });
  apps.push(app);
  const book = (ip: string, body: Record<string, unknown>) =>
    app
      .agent()
      .post('/api/bookings')
      .set('X-Forwarded-For', ip)
      .send({ ...form, ...body });
  return { app, book };
}

describe('booking limits per client address', () => {
  it('answers a flood from one address 429 after 10 a minute, while another address still books', async () => {
    const { app, book } = await start();
    const event = await addEvent(app);
    for (let i = 0; i < 10; i++) expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
    const refused = await book('198.51.100.7', { eventId: event.id });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_BOOKINGS_MINUTE });
    expect(refused.headers.ratelimit).toBeDefined();
    expect((await book('203.0.113.5', { eventId: event.id })).status).toBe(201);
    expect(await app.get('bookings').countByEvent(event.id)).toBe(11);
    app.clock.advance(60_000);
    expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
  });

  it('counts 30 concurrent bookings from one address exactly: 10 booked, 20 refused', async () => {
    const { app, book } = await start();
    const event = await addEvent(app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => book('198.51.100.9', { eventId: event.id })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    expect(await app.get('bookings').countByEvent(event.id)).toBe(10);
  });

  it("refuses more than the day's bookings from one address until the day is over", async () => {
    const { app, book } = await start({ BOOKING_LIMIT_PER_MINUTE: '100', BOOKING_LIMIT_PER_DAY: '3' });
    const event = await addEvent(app);
    for (let i = 0; i < 3; i++) expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
    const refused = await book('198.51.100.7', { eventId: event.id });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_BOOKINGS_DAY });
    app.clock.advance(24 * 3600_000);
    expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
  });

  it("counts a booking against the minute's and the day's limits at once: over both, the minute's message; one the minute refuses leaves the day's allowance alone", async () => {
    const { app, book } = await start({ BOOKING_LIMIT_PER_MINUTE: '2', BOOKING_LIMIT_PER_DAY: '3' });
    const event = await addEvent(app);
    for (let i = 0; i < 2; i++) expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
    // Over the minute's limit, five times at once: refused, and not counted for the day.
    const flood = await Promise.all(Array.from({ length: 5 }, () => book('198.51.100.7', { eventId: event.id })));
    expect(flood.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    for (const refused of flood) expect(refused.body).toEqual({ error: TOO_MANY_BOOKINGS_MINUTE });
    // Both limits are in the answer's RateLimit header.
    expect(flood[0].headers.ratelimit).toContain('"2-in-1min"; r=0');
    expect(flood[0].headers.ratelimit).toContain('"3-in-1day"');
    app.clock.advance(60_000);
    // A new minute: the day's third booking is taken; the fourth is over the day's limit...
    expect((await book('198.51.100.7', { eventId: event.id })).status).toBe(201);
    expect((await book('198.51.100.7', { eventId: event.id })).body).toEqual({ error: TOO_MANY_BOOKINGS_DAY });
    // ...the fifth over both: the minute's message, the sooner to wait out...
    expect((await book('198.51.100.7', { eventId: event.id })).body).toEqual({ error: TOO_MANY_BOOKINGS_MINUTE });
    // ...and in the next minute the day's message again.
    app.clock.advance(60_000);
    expect((await book('198.51.100.7', { eventId: event.id })).body).toEqual({ error: TOO_MANY_BOOKINGS_DAY });
    expect(await app.get('bookings').countByEvent(event.id)).toBe(3);
  });

  it('caps the places the unpaid bookings of one address hold, for the 30-minute hold', async () => {
    const { app, book } = await start({ MAX_ATTENDEES_PER_BOOKING: '40', BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '40' });
    const event = await addEvent(app, { requiresPayment: true, price: 1000, capacity: 100, offerChild: false });
    expect((await book('198.51.100.7', { eventId: event.id, numberAttending: '40' })).status).toBe(201);
    const more = await book('198.51.100.7', { eventId: event.id, numberAttending: '1' });
    expect(more.status).toBe(429);
    expect(more.body).toEqual({ error: TOO_MANY_PLACES_HELD });
    expect((await book('203.0.113.5', { eventId: event.id, numberAttending: '40' })).status).toBe(201);
    app.clock.advance(30 * 60_000);
    expect((await book('198.51.100.7', { eventId: event.id, numberAttending: '40' })).status).toBe(201);
  });

  it('lets one address hold at most half of a paid event unpaid: one request cannot hold all 40 places of a 40-place event', async () => {
    const { app, book } = await start({ MAX_ATTENDEES_PER_BOOKING: '50', BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '60', BOOKING_MAX_UNPAID_SHARE_OF_EVENT: '50' });
    const event = await addEvent(app, { requiresPayment: true, price: 1000, capacity: 40, offerChild: false });
    const refusal = {
      error:
        'One connection can hold at most 20 unpaid places of this event at a time. Please pay for the places you have booked first, or contact the club to book more.',
    };
    const whole = await book('198.51.100.7', { eventId: event.id, numberAttending: '40' });
    expect(whole.status).toBe(429);
    expect(whole.body).toEqual(refusal);
    expect(await app.get('bookings').countByEvent(event.id)).toBe(0);
    expect((await book('198.51.100.7', { eventId: event.id, numberAttending: '20' })).status).toBe(201);
    const more = await book('198.51.100.7', { eventId: event.id, numberAttending: '1' });
    expect(more.status).toBe(429);
    expect(more.body).toEqual(refusal);
    // The refusals held nothing of the address's overall allowance: a free event still takes 40 from it.
    const free = await addEvent(app, { capacity: 40 });
    expect((await book('198.51.100.7', { eventId: free.id, numberAttending: '40' })).status).toBe(201);
    // Another member books the other half; the event is full, not held by one request.
    expect((await book('203.0.113.5', { eventId: event.id, numberAttending: '20' })).status).toBe(201);
    expect((await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(0);
  });

  it('holds the share under a race: 20 concurrent unpaid bookings of 3 places from one address take at most 20 of 40 places', async () => {
    const { app, book } = await start({ BOOKING_LIMIT_PER_MINUTE: '100', BOOKING_MAX_UNPAID_SHARE_OF_EVENT: '50' });
    const event = await addEvent(app, { requiresPayment: true, price: 1000, capacity: 40, offerChild: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => book('198.51.100.8', { eventId: event.id, numberAttending: '3' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(14);
    expect(await app.get('bookings').countByEvent(event.id)).toBe(6);
    expect((await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(22);
  });

  it("refuses, in bookings made at the same moment, those over the address's held places and those the full event has no room for, writing nothing for them", async () => {
    // Made at once, the bookings' writes share SQLite's group commits (ADR 76): each refusal is still its own.
    const { app, book } = await start({ BOOKING_LIMIT_PER_MINUTE: '100', MAX_ATTENDEES_PER_BOOKING: '2', BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '4' });
    const event = await addEvent(app, { capacity: 7 });
    const [fromOne, fromOthers] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => book('198.51.100.10', { eventId: event.id, email: 'one@example.com' }))),
      Promise.all(Array.from({ length: 8 }, (_, i) => book(`203.0.113.${20 + i}`, { eventId: event.id, email: `other${i}@example.com` }))),
    ]);
    const all = [...fromOne, ...fromOthers];
    // The address holds at most 4 places and the event has 7: at least 5 of the 16 find it full.
    expect(fromOne.filter((a) => a.status === 201).length).toBeLessThanOrEqual(4);
    for (const refused of fromOne.filter((a) => a.status === 429)) expect(refused.body).toEqual({ error: TOO_MANY_PLACES_HELD });
    expect(all.filter((a) => a.status === 201)).toHaveLength(7);
    expect(all.filter((a) => a.status !== 201).every((a) => a.status === 429 || a.status === 409)).toBe(true);
    expect(all.some((a) => a.status === 409)).toBe(true);
    // Stored: the 7 booked, each with its one confirmation; nothing of the refused ones.
    const stored = await app.get('bookings').listByEvent(event.id);
    expect(stored.map((b) => b.id).sort()).toEqual(
      all
        .filter((a) => a.status === 201)
        .map((a) => a.body.bookingId as string)
        .sort(),
    );
    for (const booking of stored) expect(await app.get('outbox').list({ recordId: booking.id })).toHaveLength(1);
    expect((await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(0);
    expect(await app.get('bookings').checkPlaces({ now: app.clock.now(), repair: false })).toEqual([]);
  });

  it('holds the places of a checkout never opened for 10 minutes; opening it keeps them for 30; a lapsed hold is not revived', async () => {
    const { app, book } = await start();
    const event = await addEvent(app, { requiresPayment: true, price: 1000, capacity: 4, offerChild: false });
    const placesLeft = async () => (await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft;
    const open = (checkoutId: string) => app.agent().get(`/api/payments/checkouts/${checkoutId}`);

    // A request that books and never goes to pay.
    expect((await book('198.51.100.7', { eventId: event.id, numberAttending: '4' })).status).toBe(201);
    app.clock.advance(10 * 60_000 - 1);
    expect(await placesLeft()).toBe(0);
    app.clock.advance(1);
    expect(await placesLeft()).toBe(4);

    // A member who opens the card step keeps the places for 30 minutes from booking.
    const member = await book('203.0.113.5', { eventId: event.id, numberAttending: '4' });
    app.clock.advance(60_000);
    expect((await open(member.body.checkoutId)).status).toBe(200);
    app.clock.advance(20 * 60_000);
    expect(await placesLeft()).toBe(0);
    app.clock.advance(9 * 60_000);
    expect(await placesLeft()).toBe(4);
    expect((await app.get('bookings').get(member.body.bookingId))?.checkoutOpenedAt).toBe(new Date(Date.parse(NOW) + 10 * 60_000 + 60_000).toISOString());

    // Opened only after its 10 minutes ran out, the hold stays lapsed: nobody's places are taken back.
    const late = await book('192.0.2.9', { eventId: event.id, numberAttending: '4' });
    app.clock.advance(10 * 60_000);
    expect((await open(late.body.checkoutId)).status).toBe(200);
    expect(await placesLeft()).toBe(4);
    expect((await app.get('bookings').get(late.body.bookingId))?.checkoutOpenedAt).toBeNull();
  });

  it('leaves the places free when the checkout cannot be made', async () => {
    const gateway = new FailingGateway();
    const { app, book } = await start({}, { adapters: { payments: gateway } });
    const event = await addEvent(app, { requiresPayment: true, price: 1000, capacity: 10, offerChild: false });
    gateway.failing = true;
    const failed = await book('198.51.100.7', { eventId: event.id, numberAttending: '10' });
    expect(failed.status).toBe(502);
    expect(await app.get('bookings').countByEvent(event.id)).toBe(0);
    expect((await app.agent().get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(10);
    gateway.failing = false;
    const booked = await book('198.51.100.7', { eventId: event.id, numberAttending: '10' });
    expect(booked.status).toBe(201);
    expect(booked.body.checkoutId).toEqual(expect.any(String));
    expect((await app.get('bookings').get(booked.body.bookingId))?.checkoutId).toBe(booked.body.checkoutId);
  });
});

describe('booking limits against hostile input', () => {
  it('answers any X-Forwarded-For and body with a client status, never a 5xx, and never books past the limit', async () => {
    const { app } = await start({ BOOKING_LIMIT_PER_MINUTE: '3' });
    const event = await addEvent(app);
    const header = fc.oneof(fc.string({ maxLength: 60 }), fc.ipV4(), fc.ipV6(), fc.constant('198.51.100.7'), fc.constant('198.51.100.7, 10.0.0.1'));
    const body = fc.oneof(
      fc.constant({ ...form, eventId: event.id }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    );
    await fc.assert(
      fc.asyncProperty(header, body, async (forwarded, sent) => {
        const res = await app
          .agent()
          .post('/api/bookings')
          .set('X-Forwarded-For', forwarded.replace(/[^\x20-\x7e]/g, ''))
          .send(sent);
        expect([201, 400, 404, 409, 429]).toContain(res.status);
      }),
      serverProperty(60),
    );
    // However the header was varied, one address (the proxy's view of 198.51.100.7) got at most 3 a minute.
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        app
          .agent()
          .post('/api/bookings')
          .set('X-Forwarded-For', '192.0.2.44')
          .send({ ...form, eventId: event.id }),
      ),
    );
    expect(same.filter((r) => r.status === 201).length).toBeLessThanOrEqual(3);
  });
});

/** The test gateway, able to fail when creating a checkout as a provider out of reach does. */
class FailingGateway {
  readonly name = 'failing';
  failing = false;
  private readonly inner = new TestPaymentGateway({
    checkoutSecret: 'a-checkout-secret-for-tests',
    webhookSecret: 'a-webhook-secret-for-tests',
    clock: new FixedClock(NOW),
  });
  private real(): TestPaymentGateway {
    return this.inner;
  }
  async createCheckout(request: CheckoutRequest) {
    if (this.failing) throw new UnavailableError('The payment provider could not be reached');
    return this.real().createCheckout(request);
  }
  completeCheckout(checkoutId: string, cardToken: string) {
    return this.real().completeCheckout(checkoutId, cardToken);
  }
  refund(request: RefundRequest) {
    return this.real().refund(request);
  }
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>, url: string) {
    return this.real().parseWebhook(rawBody, headers, url);
  }
}
