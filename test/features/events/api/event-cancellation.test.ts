import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { CALENDAR_FEED_MS } from '../../../../server/features/events/calendar-feed-cache';
import { readFeed, vevents } from '../../../support/ics-feed';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { aBookingForm } from '../../../support/api/booking-form';
import { asText } from '../../../support/api/text-body';

// Cancelling an event on the app's own storage: SQLite, and Firestore in the
// api-firestore project. Mail goes through a real SMTP server; refunds to the test gateway.

const form = aBookingForm();

let smtp: SmtpTestServer;
let app: TestApp;
let commodore: TestAgent;
let treasurer: TestAgent;

useTestAppWithMail({}, async (started) => {
  ({ smtp, app } = started);
  commodore = await signedInAdmin(app, 'commodore@example.org');
  treasurer = await signedInAdmin(app, 'treasurer@example.org', ['events:read', 'bookings:read', 'bookings:write']);
});

const gateway = () => app.get('payments') as TestPaymentGateway;

async function book(eventId: string, email: string | null, card?: string): Promise<string> {
  const booked = await app
    .agent()
    .post('/api/bookings')
    .send({ eventId, ...form, email: email ?? '' });
  expect(booked.status).toBe(201);
  if (card) {
    const paid = await app.agent().post('/api/payments/complete').set(FETCH).send({ checkoutId: booked.body.checkoutId, cardToken: card });
    expect(paid.body).toMatchObject({ status: 'COMPLETED' });
  }
  return booked.body.bookingId;
}

/** Waits until `count` messages with this subject have arrived (the test's own timeout bounds the wait). */
async function mailsWithSubject(subject: string, count: number) {
  for (;;) {
    const found = smtp.received.filter((m) => m.subject === subject);
    if (found.length >= count) return found;
    await smtp.waitFor(smtp.received.length + 1);
  }
}

async function calendarEntry(eventId: string) {
  return (await app.agent().get('/api/events')).body.events.find((e: { id: string }) => e.id === eventId);
}

async function feedEntry(eventId: string) {
  const res = await app.agent().get('/calendar.ics').buffer(true).parse(asText);
  expect(res.status).toBe(200);
  const text = res.body as string;
  return { text, event: vevents(readFeed(text)).find((e) => e.uid === `${eventId}@kyc-members-area`) };
}

describe('an admin with events:write cancels an event', () => {
  it('every standing booking is cancelled, the paid ones refunded in full, every member with an e-mail told the reason; the event stays listed, cancelled, booking refused, revenue nothing, in the feed STATUS:CANCELLED', async () => {
    const event = await addEvent(app, { name: 'Round the Island Race', requiresPayment: true, price: 1500, capacity: 20 });
    const paidAda = await book(event.id, 'ada@example.org', TEST_CARDS.succeeds);
    const paidNoEmail = await book(event.id, null, TEST_CARDS.succeeds);
    const unpaidBea = await book(event.id, 'bea@example.org');
    expect((await commodore.get(`/api/admin/events/${event.id}/bookings`)).body.summary.revenue).toEqual({ GBP: 6000 });
    const before = (await feedEntry(event.id)).event;
    expect(before?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const preview = await commodore.get(`/api/admin/events/${event.id}/cancel`);
    expect(preview.body).toEqual({ bookings: 3, cardRefunds: 2, handRefunds: 0 });

    const refundsBefore = gateway().refunds.length;
    const res = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Gale warning for the whole weekend' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cancelled: 3,
      refunded: 2,
      refundsFailed: 0,
      event: { id: event.id, cancelReason: 'Gale warning for the whole weekend', sequence: event.sequence + 1 },
    });

    // Refunded in full at the gateway, once per paid booking; revenue falls to nothing.
    expect(gateway().refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amount: 3000, currency: 'GBP' }),
      expect.objectContaining({ amount: 3000, currency: 'GBP' }),
    ]);
    const figures = await commodore.get(`/api/admin/events/${event.id}/bookings`);
    expect(figures.body.summary).toMatchObject({ bookings: 0, attendees: 0, cancelled: 3, revenue: {} });
    expect(figures.body.bookings.map((b: { paymentStatus: string }) => b.paymentStatus)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    for (const id of [paidAda, paidNoEmail]) expect(await app.get('bookings').get(id)).toMatchObject({ refundStatus: 'refunded', refundAmount: 3000 });
    expect(await app.get('bookings').get(unpaidBea)).toMatchObject({ refundStatus: null, paid: false });
    const overview = await commodore.get('/api/admin/bookings');
    expect(overview.body.rows.find((r: { eventId: string }) => r.eventId === event.id)).toMatchObject({ bookings: 0, revenue: 0 });

    // Each member with an e-mail is told, with the reason and what happens to the money.
    const cancellations = await mailsWithSubject('Event cancelled: Round the Island Race', 2);
    expect(cancellations.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual(['ada@example.org', 'bea@example.org']);
    const toAda = cancellations.find((m) => !Array.isArray(m.to) && m.to?.text === 'ada@example.org');
    expect(toAda?.text).toContain('has cancelled Round the Island Race');
    expect(toAda?.text).toContain('The reason: Gale warning for the whole weekend');
    expect(toAda?.text).toContain('We have refunded £30.00 to your card.');
    const toBea = cancellations.find((m) => !Array.isArray(m.to) && m.to?.text === 'bea@example.org');
    expect(toBea?.text).toContain('Nothing was paid for this booking, so there is nothing to refund.');

    // Still on the calendar, marked cancelled with its reason; booking is refused with a clear 409.
    expect(await calendarEntry(event.id)).toMatchObject({ cancelReason: 'Gale warning for the whole weekend', bookingOpen: false });
    expect((await app.agent().get(`/api/events/${event.id}`)).body).toMatchObject({ closedReason: 'cancelled' });
    const late = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, email: 'late@example.org' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'This event has been cancelled, so it can no longer be booked.' });

    // The feed carries the cancellation as a new revision of the same entry.
    app.clock.advance(CALENDAR_FEED_MS);
    const after = (await feedEntry(event.id)).event;
    expect(after?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after?.sequence).toBe((before?.sequence ?? 0) + 1);
    expect(after?.summary).toBe('Cancelled: Round the Island Race');
    expect(after?.description).toContain('Gale warning for the whole weekend');

    // The audit log: the event's cancellation by the admin, and each booking's.
    const audit = await commodore.get(`/api/admin/audit?recordId=${event.id}`);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'event.cancelled',
        recordType: 'event',
        actor: expect.objectContaining({ kind: 'admin', email: 'commodore@example.org' }),
        changes: expect.arrayContaining([{ field: 'cancelReason', before: null, after: 'Gale warning for the whole weekend' }]),
      }),
    ]);
    const bookingAudit = await commodore.get(`/api/admin/audit?recordId=${paidAda}`);
    expect(bookingAudit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'booking.cancelled',
          summary: 'Cancelled with the event Round the Island Race; Refund of £30.00 asked of the payment provider',
        }),
        expect.objectContaining({ action: 'booking.refund', summary: 'Refunded £30.00' }),
      ]),
    );
  });

  it('cannot be done twice: the second answer is 409 and changes nothing; a reason is required (400)', async () => {
    const event = await addEvent(app, { name: 'Fitting-out Supper', capacity: 10 });
    await book(event.id, 'cy@example.org');
    for (const reason of ['', '   ']) {
      const refused = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'Please give the reason members will be told.',
        fields: { reason: 'Please give the reason members will be told.' },
      });
    }
    expect(await calendarEntry(event.id)).toMatchObject({ cancelledAt: null, bookingOpen: true });

    const [first, second] = await Promise.all([
      commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Clubhouse flooded' }),
      commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Clubhouse flooded' }),
    ]).then((answers) => answers.sort((a, b) => a.status - b.status));
    expect([first.status, second.status]).toEqual([200, 409]);
    expect(second.body).toEqual({ error: 'This event is already cancelled.' });
    const stored = JSON.stringify(await app.get('events').get(event.id));
    const again = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Another reason' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This event is already cancelled.' });
    expect(JSON.stringify(await app.get('events').get(event.id))).toBe(stored);
    const mail = (await app.get('outbox').list({})).filter(
      (m) => m.kind === 'booking-cancellation' && m.mail.subject === 'Event cancelled: Fitting-out Supper',
    );
    expect(mail).toHaveLength(1);
    expect(
      (await commodore.get(`/api/admin/audit?recordId=${event.id}`)).body.entries.filter((e: { action: string }) => e.action === 'event.cancelled'),
    ).toHaveLength(1);
  });

  it('a refund the gateway refuses is listed "Refund failed" for an admin to retry; the member is told', async () => {
    const event = await addEvent(app, { name: 'Laying-up Dinner', requiresPayment: true, price: 2000, capacity: 10 });
    const refused = await book(event.id, 'dee@example.org', TEST_CARDS.refundRefused);
    const res = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Caterer closed' });
    expect(res.body).toMatchObject({ cancelled: 1, refunded: 0, refundsFailed: 1 });
    const detail = await commodore.get(`/api/admin/bookings/${refused}`);
    expect(detail.body.booking).toMatchObject({ paymentStatus: 'Refund failed', refundStatus: 'failed' });
    expect(detail.body.can.refund).toBe(true);
    const list = await commodore.get(`/api/admin/events/${event.id}/bookings`);
    expect(list.body.bookings.map((b: { paymentStatus: string }) => b.paymentStatus)).toEqual(['Refund failed']);
    expect((await smtp.waitForSubject('Event cancelled: Laying-up Dinner')).text).toContain('could not be made automatically');
  });

  it('money taken by hand is "To refund by hand", not "Refund failed": the member is told the club will repay them, the admins get one e-mail listing them, once', async () => {
    const event = await addEvent(app, { name: 'Cash Supper', requiresPayment: true, price: 1200, capacity: 20 });
    const paidBy = async (firstName: string, email: string, method: 'cash' | 'transfer', reference: string) => {
      const booked = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: event.id, ...form, firstName, email });
      expect(booked.status).toBe(201);
      const paid = await treasurer.post(`/api/admin/bookings/${booked.body.bookingId}/mark-paid`).set(FETCH).send({ method, reference });
      expect(paid.body.booking).toMatchObject({ paid: true, paymentMethod: method });
      return booked.body.bookingId as string;
    };
    const hal = await paidBy('Hal', 'hal@example.org', 'cash', 'Receipt 7');
    const ivy = await paidBy('Ivy', 'ivy@example.org', 'transfer', '');
    await book(event.id, 'ada@example.org', TEST_CARDS.succeeds);
    expect((await commodore.get(`/api/admin/events/${event.id}/cancel`)).body).toEqual({ bookings: 3, cardRefunds: 1, handRefunds: 2 });

    const res = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Caterer let us down' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cancelled: 3, refunded: 1, refundsFailed: 0, refundsByHand: 2 });
    expect(res.body.handRefunds).toEqual(
      expect.arrayContaining([
        { bookingId: hal, name: 'Hal Lovelace', amount: 2400, currency: 'GBP', paymentMethod: 'cash', paymentReference: 'Receipt 7' },
        { bookingId: ivy, name: 'Ivy Lovelace', amount: 2400, currency: 'GBP', paymentMethod: 'transfer', paymentReference: null },
      ]),
    );
    expect(res.body.handRefunds).toHaveLength(2);
    const list = await commodore.get(`/api/admin/events/${event.id}/bookings`);
    expect(list.body.bookings.map((b: { paymentStatus: string }) => b.paymentStatus).sort()).toEqual(['Cancelled', 'To refund by hand', 'To refund by hand']);
    // Money still held until repaid: counted as revenue, and the summary says how many to repay.
    expect(list.body.summary).toMatchObject({ bookings: 0, cancelled: 3, toRefundByHand: 2, revenue: { GBP: 4800 } });
    const detail = await treasurer.get(`/api/admin/bookings/${hal}`);
    expect(detail.body.booking).toMatchObject({ paymentStatus: 'To refund by hand', refundStatus: 'by-hand', refundFailure: null });
    expect(detail.body.can.refund).toBe(true);

    // Each member paid by hand is told the club will repay them, never that a refund failed.
    const told = await mailsWithSubject('Event cancelled: Cash Supper', 3);
    const to = (address: string) => told.find((m) => !Array.isArray(m.to) && m.to?.text === address)?.text ?? '';
    expect(to('hal@example.org')).toContain('You paid £24.00 in cash; the club will repay you by hand.');
    expect(to('ivy@example.org')).toContain('You paid £24.00 by bank transfer; the club will repay you by hand.');
    for (const address of ['hal@example.org', 'ivy@example.org']) expect(to(address)).not.toContain('could not be made automatically');

    // The admins who record refunds (bookings:write) get one e-mail each listing them.
    const notices = await mailsWithSubject('To refund by hand: Cash Supper', 2);
    expect(notices.map((m) => (!Array.isArray(m.to) ? m.to?.text : '')).sort()).toEqual(['commodore@example.org', 'treasurer@example.org']);
    expect(notices[0].text).toContain(
      'Cash Supper has been cancelled. 2 bookings were paid in cash or by bank transfer, and the club must repay them by hand:',
    );
    expect(notices[0].text).toContain(`Hal Lovelace (booking ${hal}): £24.00, paid in cash (payment reference Receipt 7)`);
    expect(notices[0].text).toContain(`Ivy Lovelace (booking ${ivy}): £24.00, paid by bank transfer`);
    expect(notices[0].text).toContain(`/admin/bookings/${event.id}`);

    // Cancelling again is refused and tells the admins nothing twice.
    expect((await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Again' })).status).toBe(409);
    expect((await app.get('outbox').list({ recordId: event.id })).filter((m) => m.kind === 'hand-refunds')).toHaveLength(2);

    // Repaid and recorded: plain Cancelled, and the member is told.
    const repaid = await treasurer.post(`/api/admin/bookings/${hal}/refund`).set(FETCH).send({ reference: 'Cash handed back' });
    expect(repaid.body.booking).toMatchObject({ paymentStatus: 'Cancelled', refundStatus: 'refunded', refundId: 'Cash handed back' });
    expect((await smtp.waitForSubject('Refund made: Cash Supper')).text).toContain('The club has repaid you £24.00.');
  });

  it('a re-run after an interruption finishes the bookings left standing, then answers 409', async () => {
    const event = await addEvent(app, { name: 'Interrupted Regatta', requiresPayment: true, price: 500, capacity: 10 });
    const left = await book(event.id, 'eve@example.org', TEST_CARDS.succeeds);
    // As if the server stopped after marking the event: cancelled, its booking still standing.
    const stored = await app.get('events').get(event.id);
    await app.get('events').update({ ...stored!, cancelledAt: '2026-06-01T09:00:00.000Z', cancelReason: 'Harbour closed', sequence: stored!.sequence + 1 });
    const refundsBefore = gateway().refunds.length;
    const res = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Harbour closed' });
    expect(res.status).toBe(409);
    expect(await app.get('bookings').get(left)).toMatchObject({ refundStatus: 'refunded', refundAmount: 1000 });
    expect(gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 1000 })]);
    expect((await smtp.waitForSubject('Event cancelled: Interrupted Regatta')).text).toContain('The reason: Harbour closed');
  });

  it('closes the waiting list: everyone in line is told by e-mail, once, and leaves it', async () => {
    const event = await addEvent(app, { name: 'Moonlight Sail', capacity: 2 });
    await book(event.id, 'ada@example.org');
    const joined = await app.agent().post(`/api/events/${event.id}/waiting-list`).send({ name: 'Grace Hopper', email: 'grace@example.org', places: '1' });
    expect(joined.status).toBe(201);
    const res = await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Fog on the water' });
    expect(res.status).toBe(200);
    const toGrace = async () =>
      (await mailsWithSubject('Event cancelled: Moonlight Sail', 2)).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'grace@example.org');
    const [told] = await toGrace();
    expect(told.text).toContain('The reason: Fog on the water');
    expect(told.text).toContain('You were on its waiting list for 1 place; the list is now closed');
    const list = await commodore.get(`/api/admin/events/${event.id}/waiting-list`);
    expect(list.body.entries).toEqual([expect.objectContaining({ email: 'grace@example.org', status: 'left', position: null })]);
    // Cancelling again is refused and tells nobody twice.
    expect((await commodore.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Fog on the water' })).status).toBe(409);
    const queued = (await app.get('outbox').list()).filter((m) => m.kind === 'waitlist-event-cancelled' && m.mail.to === 'grace@example.org');
    expect(queued).toHaveLength(1);
  });

  it('an admin without events:write is refused (403) and nothing changes', async () => {
    const event = await addEvent(app, { name: 'Members Only Cruise', capacity: 10 });
    await book(event.id, 'fay@example.org');
    const res = await treasurer.post(`/api/admin/events/${event.id}/cancel`).set(FETCH).send({ reason: 'Not mine to cancel' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You do not have permission to cancel events.' });
    expect((await treasurer.get(`/api/admin/events/${event.id}/cancel`)).status).toBe(403);
    expect(await calendarEntry(event.id)).toMatchObject({ cancelledAt: null, bookingOpen: true });
    expect((await commodore.post('/api/admin/events/no-such-event/cancel').set(FETCH).send({ reason: 'x' })).status).toBe(404);
  });
});
