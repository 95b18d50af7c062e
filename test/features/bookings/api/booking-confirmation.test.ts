import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../../adapters/test-payments/test-payment-gateway';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { addEvent, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm();

let smtp: SmtpTestServer;
let app: TestApp;

useTestAppWithMail({}, (started) => {
  ({ smtp, app } = started);
});

/** The manage link in the message's text, and the booking its token names. */
function manageLinkOf(text: string): { url: URL; bookingId: string | null } {
  const url = new URL(/https:\/\/members\.kestrel-yc\.example\/my-booking\?token=\S+/.exec(text)?.[0] ?? 'https://none.example');
  return { url, bookingId: app.get('bookingLinks').read(url.searchParams.get('token') ?? '', app.clock.now()) };
}

describe('the booking confirmation e-mail', () => {
  it('a free booking with an e-mail: one confirmation with the event, London time, reference, the .ics and a manage link to this booking', async () => {
    const event = await addEvent(app, { name: 'Spring Sail', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T12:00:00.000Z' });
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Booking confirmed: Spring Sail');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@example.org');
    expect(mail.text).toContain('When: Sat 4 July 2026, 10:00 – 13:00 (UK time)');
    expect(mail.text).toContain(`Booking reference: ${res.body.reference}`);
    expect(mail.text).toContain('Attending: 2');
    expect(mail.html).toContain('Manage my booking');
    const link = manageLinkOf(mail.text ?? '');
    expect(link.url.pathname).toBe('/my-booking');
    expect(link.bookingId).toBe(res.body.bookingId);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-07-04T09:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-07-04T12:00:00.000Z');
    expect(await app.get('outbox').list({ recordId: res.body.bookingId })).toEqual([expect.objectContaining({ kind: 'booking-confirmation' })]);
  });

  it('a booking without an e-mail gets none', async () => {
    const event = await addEvent(app, { name: 'Quiet Sail' });
    const res = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, email: '' });
    expect(res.status).toBe(201);
    expect(await app.get('outbox').list({ recordId: res.body.bookingId })).toEqual([]);
  });

  it('a paid booking: nothing while it is an unpaid hold, one confirmation once paid, none again for a repeated confirmation', async () => {
    const event = await addEvent(app, { name: 'Summer Barbecue', requiresPayment: true, price: 1250 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(booked.status).toBe(201);
    expect(await app.get('outbox').list({ recordId: booked.body.bookingId })).toEqual([]);
    const pay = () =>
      app.agent().post('/api/payments/complete').set('X-Requested-With', 'fetch').send({ checkoutId: booked.body.checkoutId, cardToken: TEST_CARDS.succeeds });
    expect((await pay()).body).toMatchObject({ status: 'COMPLETED', alreadyPaid: false });
    expect((await pay()).body).toMatchObject({ status: 'COMPLETED', alreadyPaid: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Booking confirmed: Summer Barbecue');
    expect(mail.text).toContain('Paid: £25.00');
    expect(manageLinkOf(mail.text ?? '').bookingId).toBe(booked.body.bookingId);
    expect(await app.get('outbox').list({ recordId: booked.body.bookingId })).toHaveLength(1);
  });
});

describe('GET /api/my-booking: the manage link', () => {
  it("shows the booking the e-mailed link names, and 'Booking not found' for a forged, altered or expired link", async () => {
    const event = await addEvent(app, { name: 'Autumn Series', eventdatetime: '2026-09-05T09:00:00.000Z' });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberOfSoftDrinks: '1' });
    const [mail] = await smtp.waitFor(1);
    const token = manageLinkOf(mail.text ?? '').url.searchParams.get('token') ?? '';
    const res = await app.agent().get(`/api/my-booking?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      bookingId: booked.body.bookingId,
      firstName: 'Ada',
      status: 'Free Event',
      event: { id: event.id, name: 'Autumn Series' },
    });
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { label: 'Attending', value: '2' },
        { label: 'Soft drinks', value: '1' },
        { label: 'Booking reference', value: booked.body.reference },
      ]),
    );
    const links = app.get('bookingLinks');
    const expired = links.issue(booked.body.bookingId, app.clock.now());
    const forged = links.issue('no-such-booking', new Date('2030-01-01T00:00:00.000Z'));
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [expired, forged, altered, '', 'nonsense']) {
      const refused = await app.agent().get(`/api/my-booking?token=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(404);
      expect(refused.body).toEqual({ error: 'Booking not found' });
    }
  });
});
