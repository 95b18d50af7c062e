import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../../adapters/test-payments/test-payment-gateway';
import { CAPABILITY_PARAMS } from '../../../../core/shared/capability-links';
import type TestAgent from 'supertest/lib/agent';
import { addEvent, FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aBookingForm } from '../../../support/api/booking-form';

/**
 * A checkout id is a capability: whoever holds one may pay it and follow it. It stays with the
 * browser that booked: no admin answer, export or search carries it, and the checkout's read gives
 * the manage link (which cancels and refunds the booking) only to the browser that booked
 * (docs/payments.md#who-sees-a-checkout).
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

const form = aBookingForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0', email: '' });
const checkoutPath = (checkoutId: string) => `/api/payments/checkouts/${encodeURIComponent(checkoutId)}`;
const tokenOf = (managePath: string) => new URL(managePath, 'http://x').searchParams.get('token') ?? '';

/** A member's browser books a paid event and pays it by card, as the booking page does. */
async function bookAndPay(browser: TestAgent, fields: Record<string, string> = {}) {
  const event = await addEvent(app, { requiresPayment: true, price: 2500, capacity: 10 });
  const booked = await browser
    .post('/api/bookings')
    .set(FETCH)
    .send({ eventId: event.id, ...form, ...fields });
  expect(booked.status).toBe(201);
  const checkoutId = booked.body.checkoutId as string;
  expect(checkoutId).toMatch(/^chk\./);
  expect((await browser.get(checkoutPath(checkoutId))).body).toMatchObject({ paid: false, managePath: null });
  const paid = await browser.post('/api/payments/complete').set(FETCH).send({ checkoutId, cardToken: TEST_CARDS.succeeds });
  expect(paid.body).toMatchObject({ status: 'COMPLETED' });
  return { event, bookingId: booked.body.bookingId as string, reference: booked.body.reference as string, checkoutId, booked };
}

describe('an admin who may only read bookings cannot cancel one through its checkout', () => {
  it('finds no checkout id in the booking answers, and the checkout read without the browser that booked gives no manage link', async () => {
    const member = app.agent();
    const { event, bookingId, reference, checkoutId } = await bookAndPay(member);
    const reader = await signedInAdmin(app, 'reader@example.org', ['bookings:read']);

    const paths = [
      `/api/admin/bookings/${bookingId}`,
      `/api/admin/booking-references/${reference}`,
      `/api/admin/events/${event.id}/bookings`,
      `/api/admin/events/${event.id}/bookings.csv`,
    ];
    const answers = await Promise.all(paths.map((path) => reader.get(path).set(FETCH)));
    answers.forEach((answer, i) => {
      expect(answer.status, paths[i]).toBe(200);
      expect(answer.text, paths[i]).not.toContain(checkoutId);
      expect(answer.text, paths[i]).not.toContain('checkoutId');
    });
    expect(answers[0].body.booking).toMatchObject({ id: bookingId, paid: true, paymentStatus: 'Paid' });
    expect(answers[0].body.booking).not.toHaveProperty('checkoutId');
    expect(answers[2].body.bookings.find((row: { id: string }) => row.id === bookingId)).not.toHaveProperty('checkoutId');

    // Even holding the id (a shared screen, a browser's history), the read says paid, without the link.
    for (const stranger of [reader, app.agent()]) {
      const read = await stranger.get(checkoutPath(checkoutId));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ bookingId, paid: true, cancelled: false, managePath: null });
      expect(read.text).not.toContain('/my-booking');
    }
    // A forged proof cookie does no better.
    const forged = await app
      .agent()
      .get(checkoutPath(checkoutId))
      .set('Cookie', `kyc_checkout=${encodeURIComponent(checkoutId)}`);
    expect(forged.body.managePath).toBeNull();
    expect(await app.get('bookings').get(bookingId)).toMatchObject({ paid: true, cancelledAt: null, refundStatus: null });
  });
});

describe('the browser that booked', () => {
  it('gets its manage link once paid, and the link works', async () => {
    const member = app.agent();
    const { bookingId, checkoutId } = await bookAndPay(member);
    const read = await member.get(checkoutPath(checkoutId));
    expect(read.body).toMatchObject({ bookingId, paid: true, managePath: expect.stringMatching(/^\/my-booking\?token=/) });
    const manage = await member.get('/api/my-booking').query({ token: tokenOf(read.body.managePath) });
    expect(manage.status).toBe(200);
    expect(manage.body).toMatchObject({ bookingId, canCancel: true });
  });

  it('is given its proof in an HttpOnly, SameSite=Strict cookie sent only to its own checkout, never in the answer', async () => {
    const event = await addEvent(app, { requiresPayment: true, price: 2500 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send({ eventId: event.id, ...form });
    const cookies = ([] as string[]).concat(booked.headers['set-cookie'] ?? []);
    expect(cookies).toHaveLength(1);
    const [cookie] = cookies;
    expect(cookie).toMatch(/^kyc_checkout=[A-Za-z0-9_.-]+;/);
    expect(cookie).toContain(`Path=${checkoutPath(booked.body.checkoutId)}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Max-Age=604800/);
    const proof = /^kyc_checkout=([^;]+)/.exec(cookie)![1];
    expect(booked.text).not.toContain(proof);
    // A free booking opens no checkout and gets no cookie (its answer carries its manage link).
    const free = await addEvent(app);
    const freeBooking = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send({ eventId: free.id, ...form });
    expect(freeBooking.headers['set-cookie']).toBeUndefined();
  });

  it("keeps each checkout's proof apart: two bookings in one browser each get their own link, and one's proof opens not the other", async () => {
    const member = app.agent();
    const first = await bookAndPay(member);
    const second = await bookAndPay(member);
    const links = await Promise.all([first, second].map(async ({ checkoutId }) => (await member.get(checkoutPath(checkoutId))).body.managePath as string));
    expect(links.map((link) => app.get('bookingLinks').read(tokenOf(link), app.clock.now()))).toEqual([first.bookingId, second.bookingId]);
    const firstProof = /kyc_checkout=([^;]+)/.exec(String(first.booked.headers['set-cookie']))![1];
    const crossed = await app.agent().get(checkoutPath(second.checkoutId)).set('Cookie', `kyc_checkout=${firstProof}`);
    expect(crossed.body).toMatchObject({ paid: true, managePath: null });
  });
});

/** Reads a binary answer (a zip) whole. */
const binary = (res: { on(event: string, listener: (chunk?: Buffer) => void): void }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every value of a capability parameter in a text's links (manage, offer, leave, withdraw links...). */
function capabilitiesIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/[?&]([A-Za-z]+)=([A-Za-z0-9_.%~-]{12,})/g)) {
    if (CAPABILITY_PARAMS.has(match[1].toLowerCase())) found.push(decodeURIComponent(match[2]));
  }
  return found;
}

describe('no admin answer, export or search carries a capability', () => {
  it("walks every admin GET route with the event's and booking's ids: no checkout id, proof, manage, offer or leave token anywhere", async () => {
    const member = app.agent();
    const paid = await bookAndPay(member, { email: 'ada@example.org' });
    const proof = /kyc_checkout=([^;]+)/.exec(String(paid.booked.headers['set-cookie']))![1];
    const managePath = (await member.get(checkoutPath(paid.checkoutId))).body.managePath as string;
    // A full event with someone waiting, offered the place a cancellation frees.
    const full = await addEvent(app, { capacity: 1 });
    const taken = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send({ eventId: full.id, ...form, email: 'bob@example.org' });
    const joined = await app.agent().post(`/api/events/${full.id}/waiting-list`).set(FETCH).send({ name: 'Grace', email: 'grace@example.org', places: 1 });
    expect(joined.status).toBe(201);
    const admin = await signedInAdmin(app, 'everything@example.org');
    expect((await admin.post(`/api/admin/bookings/${taken.body.bookingId}/cancel`).set(FETCH).send({ refund: false })).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${full.id}/waiting-list/${joined.body.entryId}/offer`).set(FETCH)).status).toBe(200);

    const mails = await app.get('outbox').list();
    const secrets = new Set([
      paid.checkoutId,
      paid.checkoutId.split('.').at(-1)!,
      proof,
      tokenOf(managePath),
      ...mails.flatMap((m) => capabilitiesIn(`${m.mail.text ?? ''} ${m.mail.html ?? ''}`)),
    ]);
    expect(mails.some((m) => /[?&]offer=/.test(m.mail.text ?? ''))).toBe(true);
    expect(secrets.size).toBeGreaterThanOrEqual(6);

    const doc = (await app.agent().get('/api/openapi.json')).body as { paths: Record<string, { get?: unknown }> };
    const values: Record<string, string[]> = {
      id: [paid.event.id, paid.bookingId, full.id, taken.body.bookingId],
      eventId: [paid.event.id, full.id],
      reference: [paid.reference],
    };
    const adminReads = Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin/') && doc.paths[path].get);
    let read = 0;
    for (const route of adminReads) {
      const params = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (params.some((name) => !values[name])) continue;
      const paths = params.reduce(
        (acc, name) => acc.flatMap((path) => values[name].map((value) => path.replace(`{${name}}`, encodeURIComponent(value)))),
        [route],
      );
      for (const path of paths) {
        const answer = await admin.get(path).set(FETCH);
        if (answer.status !== 200) continue;
        read += 1;
        for (const secret of secrets) expect(answer.text, `${path} carries ${secret}`).not.toContain(secret);
      }
    }
    // Each message in the outbox, as admins read it.
    for (const mail of mails) {
      for (const path of [`/api/admin/outbox/${mail.id}`, `/api/admin/outbox/${mail.id}/html`]) {
        const answer = await admin.get(path).set(FETCH);
        read += 1;
        for (const secret of secrets) expect(answer.text, `${path} carries ${secret}`).not.toContain(secret);
      }
    }
    // The site's search, signed in as that admin, and the admin's own search of bookings by reference.
    for (const path of [`/api/search?q=${encodeURIComponent(paid.reference)}`, `/api/search?q=Lovelace`]) {
      const answer = await admin.get(path).set(FETCH);
      for (const secret of secrets) expect(answer.text, `${path} carries ${secret}`).not.toContain(secret);
    }
    // The member's subject-access archive, as an admin downloads it.
    const archive = await admin.post('/api/admin/privacy/archive').set(FETCH).send({ email: 'ada@example.org' }).buffer(true).parse(binary);
    expect(archive.status).toBe(200);
    const files = Object.values(unzipSync(new Uint8Array(archive.body as Buffer))).map((bytes) => strFromU8(bytes));
    expect(files.join('\n')).toContain('Lovelace');
    for (const secret of secrets) expect(files.join('\n'), `the archive carries ${secret}`).not.toContain(secret);
    expect(read).toBeGreaterThan(20);
  });
});
