import { describe, expect, it } from 'vitest';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { addAdmin, addEvent, FETCH, signIn, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { deliverWebhook } from '../../../support/api/booking-money';
import type TestAgent from 'supertest/lib/agent';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm();

let smtp: SmtpTestServer;
let app: TestApp;
let treasurer: TestAgent;
let treasurerUid: string;

useTestAppWithMail({ env: { FEEDBACK_EMAIL: 'secretary@kestrel-yc.example' } }, async (started) => {
  ({ smtp, app } = started);
  treasurerUid = (await addAdmin(app, 'treasurer@example.org')).uid;
  treasurer = app.agent();
  await signIn(treasurer, 'treasurer@example.org');
});

const gateway = () => app.get('payments') as TestPaymentGateway;

function tokenOf(managePath: string): string {
  return new URL(managePath, 'http://x').searchParams.get('token') ?? '';
}

async function placesLeft(eventId: string): Promise<number | null> {
  const res = await app.agent().get('/api/events');
  return res.body.events.find((e: { id: string }) => e.id === eventId)?.placesLeft ?? null;
}

/** A paid booking, paid with this test card; answers its id and manage token. */
async function paidBooking(eventId: string, card: string = TEST_CARDS.succeeds): Promise<{ bookingId: string; token: string }> {
  // One browser books, pays and reads its checkout: only it is given the manage link.
  const browser = app.agent();
  const booked = await browser.post('/api/bookings').send({ eventId, ...form });
  expect(booked.status).toBe(201);
  const paid = await browser.post('/api/payments/complete').set(FETCH).send({ checkoutId: booked.body.checkoutId, cardToken: card });
  expect(paid.body).toMatchObject({ status: 'COMPLETED' });
  const checkout = await browser.get(`/api/payments/checkouts/${booked.body.checkoutId}`);
  return { bookingId: booked.body.bookingId, token: tokenOf(checkout.body.managePath) };
}

describe('a booking without an e-mail', () => {
  it('gets no confirmation, and its manage page says whether an address was given', async () => {
    const event = await addEvent(app, { name: 'Quiet Sail', capacity: 10 });
    const without = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, firstName: 'Nell', email: '' });
    const withMail = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect([without.status, withMail.status]).toEqual([201, 201]);
    const page = async (managePath: string) => (await app.agent().get(`/api/my-booking?token=${encodeURIComponent(tokenOf(managePath))}`)).body;
    expect(await page(without.body.managePath)).toMatchObject({ firstName: 'Nell', emailGiven: false });
    expect(await page(withMail.body.managePath)).toMatchObject({ firstName: 'Ada', emailGiven: true });
    const bookingIds = [without.body.bookingId, withMail.body.bookingId];
    const confirmations = (await app.get('outbox').list({ limit: 1000 })).filter((m) => bookingIds.includes(m.recordId));
    expect(confirmations.map((m) => m.mail.to)).toEqual(['ada@example.org']);
  });
});

describe('a member cancels through the manage link', () => {
  it('a free booking: the places come back on the calendar and in the admin figures, the member is e-mailed, the audit log names the member', async () => {
    const event = await addEvent(app, { name: 'Spring Sail', capacity: 10 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(await placesLeft(event.id)).toBe(8);
    const token = tokenOf(booked.body.managePath);

    const res = await app.agent().post('/api/my-booking/cancel').send({ token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cancelled: true, canCancel: false, status: 'Cancelled' });
    expect(await placesLeft(event.id)).toBe(10);
    const figures = await treasurer.get(`/api/admin/events/${event.id}/bookings`);
    expect(figures.body.summary).toMatchObject({ bookings: 0, attendees: 0, cancelled: 1 });
    expect(figures.body.bookings[0].paymentStatus).toBe('Cancelled');

    const cancellation = await smtp.waitForSubject('Booking cancelled: Spring Sail');
    expect(cancellation?.text).toContain('Your booking has been cancelled, as you asked.');
    expect(cancellation?.text).toContain(`Booking reference: ${booked.body.reference}`);

    const audit = await treasurer.get(`/api/admin/audit?recordId=${booked.body.bookingId}`);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'booking.cancelled',
        actor: { kind: 'member' },
        recordType: 'booking',
        recordId: booked.body.bookingId,
        changes: expect.arrayContaining([{ field: 'cancelledBy', before: null, after: 'member' }]),
      }),
    ]);
  });

  it('cancelling again, or twice at once, changes nothing more: one cancellation, one e-mail, one audit entry', async () => {
    const event = await addEvent(app, { name: 'Double Click Race', capacity: 4 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const token = tokenOf(booked.body.managePath);
    const answers = await Promise.all([1, 2, 3].map(() => app.agent().post('/api/my-booking/cancel').send({ token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ error: 'This booking is already cancelled.' });
    const before = JSON.stringify(await app.get('bookings').get(booked.body.bookingId));
    const again = await app.agent().post('/api/my-booking/cancel').send({ token });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await app.get('bookings').get(booked.body.bookingId))).toBe(before);
    expect(await placesLeft(event.id)).toBe(4);
    expect((await app.get('outbox').list({ recordId: booked.body.bookingId })).map((m) => m.kind).sort()).toEqual([
      'booking-cancellation',
      'booking-confirmation',
    ]);
    expect(await app.get('audit').list({ recordId: booked.body.bookingId, limit: 10 })).toHaveLength(1);
  });

  it('a paid booking is refunded in full at the gateway, once, and revenue falls to nothing', async () => {
    const event = await addEvent(app, { name: 'Summer Barbecue', requiresPayment: true, price: 1250, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id);
    const revenue = async () => (await treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary.revenue;
    expect(await revenue()).toEqual({ GBP: 2500 });
    const refundsBefore = gateway().refunds.length;

    const [first, second] = await Promise.all([
      app.agent().post('/api/my-booking/cancel').send({ token }),
      app.agent().post('/api/my-booking/cancel').send({ token }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refunds = gateway().refunds.slice(refundsBefore);
    expect(refunds).toEqual([expect.objectContaining({ amount: 2500, currency: 'GBP' })]);
    expect(await revenue()).toEqual({});
    const stored = await app.get('bookings').get(bookingId);
    expect(stored).toMatchObject({ refundStatus: 'refunded', refundAmount: 2500, refundId: refunds[0].refundId });
    expect((await smtp.waitForSubject('Booking cancelled: Summer Barbecue')).text).toContain('We have refunded £25.00 to your card.');
    expect((await app.agent().get(`/api/my-booking?token=${encodeURIComponent(token)}`)).body.note).toContain('We have refunded £25.00');
  });

  it('a refund the gateway refuses leaves the booking "Refund failed" for an admin, never silently unrefunded; the member is told', async () => {
    const event = await addEvent(app, { name: 'Refused Refund Race', requiresPayment: true, price: 1000, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id, TEST_CARDS.refundRefused);
    expect((await app.agent().post('/api/my-booking/cancel').send({ token })).status).toBe(200);
    const detail = await treasurer.get(`/api/admin/bookings/${bookingId}`);
    expect(detail.body.booking).toMatchObject({
      paymentStatus: 'Refund failed',
      refundStatus: 'failed',
      refundFailure: 'The card issuer refused the refund (test card)',
    });
    expect(detail.body.can.refund).toBe(true);
    // The money is still held: it still counts as revenue, the places do not.
    expect((await treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary).toMatchObject({ attendees: 0, cancelled: 1, revenue: { GBP: 2000 } });
    expect((await smtp.waitForSubject('Booking cancelled: Refused Refund Race')).text).toContain('could not be made automatically');
    // An admin retries: still refused, with a new attempt recorded.
    const retry = await treasurer.post(`/api/admin/bookings/${bookingId}/refund`).set(FETCH).send({});
    expect(retry.status).toBe(200);
    expect(retry.body.booking).toMatchObject({ paymentStatus: 'Refund failed', refundAttempts: 2 });
  });

  it('a forged, altered or empty token cancels nothing', async () => {
    const event = await addEvent(app, { name: 'Forgery Cup', capacity: 3 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const token = tokenOf(booked.body.managePath);
    for (const bad of [`${token}x`, token.slice(0, -2), 'forged', `${token.slice(0, 10)}${token.slice(11)}`]) {
      const res = await app.agent().post('/api/my-booking/cancel').send({ token: bad });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Booking not found' });
    }
    expect((await app.agent().post('/api/my-booking/cancel').send({ token: '' })).status).toBe(400);
    expect(await placesLeft(event.id)).toBe(1);
  });
});

describe('the audit log names the admins it mentions', () => {
  it('by name while the account exists; a removed admin is simply not named', async () => {
    const event = await addEvent(app, { name: 'Named Sail', capacity: 10 });
    await app.get('audit').append([
      {
        id: 'audit-named-1',
        at: '2026-06-01T08:00:00.000Z',
        actor: { kind: 'admin', uid: treasurerUid, email: 'treasurer@example.org' },
        action: 'event.updated',
        recordType: 'event',
        recordId: event.id,
        summary: 'Updated',
        changes: [{ field: 'price', before: 1000, after: 1250 }],
      },
      {
        id: 'audit-named-2',
        at: '2026-06-01T08:05:00.000Z',
        actor: { kind: 'admin', uid: 'uid-long-gone', email: 'gone@example.org' },
        action: 'event.updated',
        recordType: 'event',
        recordId: event.id,
        summary: 'Updated',
        changes: [],
      },
    ]);
    const audit = await treasurer.get(`/api/admin/audit?recordId=${event.id}`);
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['audit-named-1', 'audit-named-2']));
    expect(audit.body.adminNames).toEqual({ [treasurerUid]: 'Admin treasurer' });
  });
});

describe('admins with bookings:write', () => {
  it('mark an unpaid booking paid by cash: "Paid (cash)", counted in revenue, confirmation sent, audit names the admin', async () => {
    const event = await addEvent(app, { name: 'Clubhouse Supper', requiresPayment: true, price: 1500, capacity: 10 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const res = await treasurer.post(`/api/admin/bookings/${booked.body.bookingId}/mark-paid`).set(FETCH).send({ method: 'cash', reference: 'Receipt 42' });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ paymentStatus: 'Paid (cash)', paid: true, paymentMethod: 'cash', paymentReference: 'Receipt 42' });
    expect((await treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary).toMatchObject({ paid: 1, revenue: { GBP: 3000 } });
    expect(res.body.history[0]).toMatchObject({
      action: 'booking.paid-offline',
      actor: { kind: 'admin', uid: treasurerUid, email: 'treasurer@example.org' },
      summary: 'Marked paid by cash (£30.00)',
    });
    // The history names its admins, so the screen says who rather than which uid.
    expect(res.body.adminNames).toEqual({ [treasurerUid]: 'Admin treasurer' });
    const mail = await smtp.waitForSubject('Booking confirmed: Clubhouse Supper');
    expect(mail.text).toContain('Paid: £30.00');
    // Paid already: a second marking is refused and changes nothing.
    const again = await treasurer.post(`/api/admin/bookings/${booked.body.bookingId}/mark-paid`).set(FETCH).send({ method: 'transfer' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This booking is already paid.');
  });

  it('cancel one booking with a reason: told to the member, stored and audited; too long is refused (400) and changes nothing; paid in cash it is "To refund by hand" and the admins are told', async () => {
    const event = await addEvent(app, { name: 'Reason Race', requiresPayment: true, price: 1500, capacity: 10 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const id = booked.body.bookingId as string;
    await treasurer.post(`/api/admin/bookings/${id}/mark-paid`).set(FETCH).send({ method: 'cash', reference: 'Receipt 9' });

    const tooLong = await treasurer
      .post(`/api/admin/bookings/${id}/cancel`)
      .set(FETCH)
      .send({ refund: true, reason: ` ${'x'.repeat(2001)} ` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'The reason must be 2000 characters or fewer.', fields: { reason: 'The reason must be 2000 characters or fewer.' } });
    expect(await app.get('bookings').get(id)).toMatchObject({ cancelledAt: null, cancelReason: null, paid: true });
    for (const reason of [42, null, 'y'.repeat(10001)])
      expect((await treasurer.post(`/api/admin/bookings/${id}/cancel`).set(FETCH).send({ refund: true, reason })).status).toBe(400);

    const res = await treasurer.post(`/api/admin/bookings/${id}/cancel`).set(FETCH).send({ refund: true, reason: '  The race is full of committee boats  ' });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      paymentStatus: 'To refund by hand',
      refundStatus: 'by-hand',
      refundAmount: 3000,
      cancelReason: 'The race is full of committee boats',
    });
    expect(res.body.handRefund).toEqual({
      bookingId: id,
      name: 'Ada Lovelace',
      amount: 3000,
      currency: 'GBP',
      paymentMethod: 'cash',
      paymentReference: 'Receipt 9',
    });
    // The history is newest first, but the test clock stands still: found by its action.
    expect(res.body.history.find((e: { action: string }) => e.action === 'booking.cancelled')).toMatchObject({
      action: 'booking.cancelled',
      summary: 'Cancelled by an admin (reason: The race is full of committee boats); Refund of £30.00 to make by hand',
      changes: expect.arrayContaining([{ field: 'cancelReason', before: null, after: 'The race is full of committee boats' }]),
    });

    const told = await smtp.waitForSubject('Booking cancelled: Reason Race');
    expect(told.text).toContain('Your booking has been cancelled by');
    expect(told.text).toContain('The reason: The race is full of committee boats');
    expect(told.text).toContain('You paid £30.00 in cash; the club will repay you by hand.');
    expect(told.text).not.toContain('could not be made automatically');
    const notice = await smtp.waitForSubject('To refund by hand: Reason Race');
    expect(notice.to && !Array.isArray(notice.to) ? notice.to.text : '').toBe('treasurer@example.org');
    expect(notice.text).toContain(`A booking of Reason Race paid in cash or by bank transfer has been cancelled, and the club must repay it by hand:`);
    expect(notice.text).toContain(`Ada Lovelace (booking ${id}): £30.00, paid in cash (payment reference Receipt 9)`);
    expect((await app.get('outbox').list({ recordId: id })).filter((m) => m.kind === 'hand-refunds')).toHaveLength(1);
  });

  it('a member paid in cash who cancels, twice at once: cancelled once, "To refund by hand", told the club will repay them; the admins told once', async () => {
    const event = await addEvent(app, { name: 'Cash Cruise', requiresPayment: true, price: 1000, capacity: 10 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const id = booked.body.bookingId as string;
    await treasurer.post(`/api/admin/bookings/${id}/mark-paid`).set(FETCH).send({ method: 'transfer', reference: 'BACS 77' });
    const token = app.get('bookingLinks').issue(id, new Date('2027-01-01T00:00:00.000Z'));
    const answers = await Promise.all([1, 2].map(() => app.agent().post('/api/my-booking/cancel').send({ token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await app.get('bookings').get(id)).toMatchObject({ refundStatus: 'by-hand', refundAmount: 2000, cancelledBy: 'member' });
    expect((await treasurer.get(`/api/admin/bookings/${id}`)).body.booking.paymentStatus).toBe('To refund by hand');
    expect((await smtp.waitForSubject('Booking cancelled: Cash Cruise')).text).toContain('You paid £20.00 by bank transfer; the club will repay you by hand.');
    expect((await smtp.waitForSubject('To refund by hand: Cash Cruise')).text).toContain(
      `Ada Lovelace (booking ${id}): £20.00, paid by bank transfer (payment reference BACS 77)`,
    );
    const queued = await app.get('outbox').list({ recordId: id });
    expect(queued.filter((m) => m.kind === 'hand-refunds').map((m) => m.mail.to)).toEqual(['treasurer@example.org']);
    expect(queued.filter((m) => m.kind === 'booking-cancellation')).toHaveLength(1);
  });

  it('cancel a paid booking without a refund: places released, money kept; with a refund: refunded at the gateway', async () => {
    const event = await addEvent(app, { name: 'Admin Cancels', requiresPayment: true, price: 1000, capacity: 5 });
    const kept = await paidBooking(event.id);
    const refunded = await paidBooking(event.id);
    const refundsBefore = gateway().refunds.length;
    expect((await treasurer.post(`/api/admin/bookings/${kept.bookingId}/cancel`).set(FETCH).send({ refund: false })).body.booking).toMatchObject({
      paymentStatus: 'Cancelled',
      refundStatus: null,
    });
    expect((await treasurer.post(`/api/admin/bookings/${refunded.bookingId}/cancel`).set(FETCH).send({ refund: true })).body.booking).toMatchObject({
      paymentStatus: 'Cancelled',
      refundStatus: 'refunded',
      refundAmount: 2000,
    });
    expect(gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 2000 })]);
    expect(await placesLeft(event.id)).toBe(5);
    expect((await treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary).toMatchObject({ attendees: 0, cancelled: 2, revenue: { GBP: 2000 } });
    const overview = await treasurer.get('/api/admin/bookings');
    expect(overview.body.rows.find((r: { eventId: string }) => r.eventId === event.id)).toMatchObject({ bookings: 0, cancelled: 2, revenue: 2000 });
  });

  it('correct a booking within the rules and the capacity; the audit entry shows before and after', async () => {
    const event = await addEvent(app, { name: 'Correction Cup', capacity: 3 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const path = `/api/admin/bookings/${booked.body.bookingId}`;
    const tooMany = await treasurer
      .patch(path)
      .set(FETCH)
      .send({ ...form, numberAttending: '4' });
    expect(tooMany.status).toBe(400);
    // The event holds 3: this booking's own 2 places and 1 more.
    expect(tooMany.body.fields.numberAttending).toBe('Not enough places left: 3 places are free.');
    const badChildren = await treasurer
      .patch(path)
      .set(FETCH)
      .send({ ...form, numberOfChildren: '5' });
    expect(badChildren.status).toBe(400);
    const fixed = await treasurer
      .patch(path)
      .set(FETCH)
      .send({ ...form, lastName: 'King', numberAttending: '3', email: 'ada.king@example.org' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.booking).toMatchObject({ lastName: 'King', numberAttending: 3, userEmail: 'ada.king@example.org' });
    expect(fixed.body.history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'lastName', before: 'Lovelace', after: 'King' },
        { field: 'numberAttending', before: 2, after: 3 },
        { field: 'userEmail', before: 'ada@example.org', after: 'ada.king@example.org' },
      ]),
    );
    expect(await placesLeft(event.id)).toBe(0);
    const resent = await treasurer.post(`${path}/resend`).set(FETCH);
    expect(resent.body).toEqual({ queued: 1 });
    await smtp.waitFor(1);
    for (;;) {
      const to = smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
      if (to.includes('ada.king@example.org')) break;
      await smtp.waitFor(smtp.received.length + 1);
    }
  });

  it('event and admin changes are in the audit log with the fields changed, by whom', async () => {
    // A second between actions, as between an admin's clicks (entries of one instant are ordered by id).
    const tick = () => app.clock.set(new Date(app.clock.now().getTime() + 1000));
    const created = await treasurer.post('/api/admin/events').set(FETCH).send({ name: 'Audit Regatta', eventdatetime: '2026-08-01T10:00', capacity: '12' });
    expect(created.status).toBe(201);
    const id = created.body.event.id as string;
    tick();
    await treasurer.put(`/api/admin/events/${id}`).set(FETCH).send({ name: 'Audit Regatta', eventdatetime: '2026-08-01T10:00', capacity: '15' });
    tick();
    const added = await treasurer
      .post('/api/admin/admins')
      .set(FETCH)
      .send({ email: 'bosun@example.org', name: 'Bosun', password: 'long-enough-password', permissions: ['events:read'] });
    tick();
    await treasurer
      .patch(`/api/admin/admins/${added.body.admin.uid}`)
      .set(FETCH)
      .send({ permissions: ['events:read', 'bookings:read'] });

    const event = (await treasurer.get(`/api/admin/audit?recordId=${id}`)).body.entries;
    expect(event.map((e: { action: string }) => e.action)).toEqual(['event.updated', 'event.created']);
    expect(event[0]).toMatchObject({ actor: { kind: 'admin', uid: treasurerUid }, changes: [{ field: 'capacity', before: 12, after: 15 }] });
    const admin = (await treasurer.get(`/api/admin/audit?recordId=${added.body.admin.uid}`)).body.entries;
    expect(admin[0]).toMatchObject({
      action: 'admin.updated',
      summary: 'Changed the permissions of bosun@example.org',
      changes: [{ field: 'permissions', before: 'events:read', after: 'events:read,bookings:read' }],
    });
    expect(admin[1]).toMatchObject({ action: 'admin.created' });
  });

  it('the audit log filters by admin and by record, newest first', async () => {
    const all = (await treasurer.get('/api/admin/audit')).body.entries as { at: string; actor: { kind: string; uid?: string }; recordId: string }[];
    expect(all.length).toBeGreaterThan(3);
    for (let i = 1; i < all.length; i++) expect(Date.parse(all[i - 1].at)).toBeGreaterThanOrEqual(Date.parse(all[i].at));
    const mine = (await treasurer.get(`/api/admin/audit?adminUid=${treasurerUid}`)).body.entries as typeof all;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor.kind === 'admin' && e.actor.uid === treasurerUid)).toBe(true);
    expect(mine.length).toBeLessThan(all.length);
  });
});

describe('as time passes (the clock only moves forward from here)', () => {
  it('a payment confirmed after its hold lapsed and the places went is refunded, the booking cancelled, and attending never exceeds capacity', async () => {
    const event = await addEvent(app, { name: 'Late Money Race', requiresPayment: true, price: 500, capacity: 2 });
    const late = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    // The hold lapses and another member takes the two places.
    app.clock.set('2026-06-01T09:31:00.000Z');
    {
      const other = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: event.id, ...form, email: 'bob@example.org' });
      expect(other.status).toBe(201);
      await app.agent().post('/api/payments/complete').set(FETCH).send({ checkoutId: other.body.checkoutId, cardToken: TEST_CARDS.succeeds });
      // The first member's card was charged at the provider meanwhile: its webhook arrives now.
      const checkoutId = late.body.checkoutId as string;
      await gateway().completeCheckout(checkoutId, TEST_CARDS.succeeds);
      const refundsBefore = gateway().refunds.length;
      const res = await deliverWebhook(app, checkoutId);
      expect(res.status).toBe(200);
      const stored = await app.get('bookings').get(late.body.bookingId);
      expect(stored).toMatchObject({ paid: true, cancelledBy: 'system', refundStatus: 'refunded', refundAmount: 1000 });
      expect(gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 1000 })]);
      // The member's payment page says so too.
      const checkout = await app.agent().get(`/api/payments/checkouts/${checkoutId}`);
      expect(checkout.body).toMatchObject({
        paid: true,
        cancelled: true,
        note: 'We have refunded £10.00 to your card. It usually reaches your account within 5 to 10 working days.',
      });
      const summary = (await treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary;
      expect(summary).toMatchObject({ attendees: 2, cancelled: 1, revenue: { GBP: 1000 } });
      expect((await smtp.waitForSubject('Booking cancelled: Late Money Race')).text).toContain('Your payment arrived after the 30 minutes');
    }
  });

  it('after the cancellation deadline the member is told whom to contact, and nothing changes', async () => {
    const event = await addEvent(app, {
      name: 'Closed Regatta',
      bookingEndDate: '2026-06-01T10:00:00.000Z',
      eventdatetime: '2026-06-10T10:00:00.000Z',
      capacity: 6,
    });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const token = tokenOf(booked.body.managePath);
    // Later than the late-money test above: the clock only moves forward.
    app.clock.set('2026-06-01T10:00:00.001Z');
    const page = await app.agent().get(`/api/my-booking?token=${encodeURIComponent(token)}`);
    expect(page.body).toMatchObject({ canCancel: false, cancelled: false });
    expect(page.body.note).toBe(
      'This booking can no longer be cancelled online: cancellations closed at Mon 1 June 2026, 11:00. Please contact secretary@kestrel-yc.example if you cannot come.',
    );
    const res = await app.agent().post('/api/my-booking/cancel').send({ token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(page.body.note);
    expect((await app.get('bookings').get(booked.body.bookingId))?.cancelledAt).toBeNull();
    expect(await placesLeft(event.id)).toBe(4);
  });
});
