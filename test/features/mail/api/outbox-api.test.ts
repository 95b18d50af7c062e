import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS } from '../../../../core/mail/outbox';
import { DeliverOutbox } from '../../../../core/mail/deliver-outbox';
import { isCapabilityParam, LINK_WITHHELD } from '../../../../core/shared/capability-links';
import { OfferFreedPlaces } from '../../../../core/waiting-list/offer-freed-places';
import { MAIL_HTML_POLICY } from '../../../../server/features/mail/outbox-routes';
import { addWorkDays, WORK_DAY } from '../../../support/api/fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { addAdmin, addEvent, FETCH, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { eventually } from '../../../support/eventually';
import { aBookingForm } from '../../../support/api/booking-form';

const form = aBookingForm();

async function signedIn(app: TestApp, email: string, permissions: Parameters<typeof addAdmin>[2]) {
  await addAdmin(app, email, permissions);
  const agent = app.agent();
  await signIn(agent, email);
  return agent;
}

/** Waits for the server's own sender to record the message in this state (the test's timeout bounds it). */
async function untilStatus(app: TestApp, id: string, status: string): Promise<void> {
  await eventually(async () => (await app.get('outbox').get(id))?.status).toBe(status);
}

describe('the Mail screen on the embedded default (no SMTP_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('lists the confirmation of a free booking as queued, finds it by booking id, and shows it as it would be sent', async () => {
    const event = await addEvent(app, { name: 'Spring Sail' });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(booked.status).toBe(201);
    app.clock.advance(60_000);
    await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, firstName: 'Bea', email: 'bea@example.org' });
    const reader = await signedIn(app, 'reader@example.org', ['bookings:read']);

    const all = await reader.get('/api/admin/outbox');
    expect(all.status).toBe(200);
    expect(all.body.more).toBe(false);
    expect(all.body.messages.map((m: { to: string }) => m.to)).toEqual(['bea@example.org', 'ada@example.org']);

    const mine = await reader.get(`/api/admin/outbox?recordId=${encodeURIComponent(booked.body.bookingId)}`);
    expect(mine.body.messages).toEqual([
      expect.objectContaining({
        to: 'ada@example.org',
        subject: 'Booking confirmed: Spring Sail',
        kind: 'booking-confirmation',
        status: 'queued',
        attempts: 0,
        lastError: null,
        sentAt: null,
        recordId: booked.body.bookingId,
      }),
    ]);
    expect((await reader.get('/api/admin/outbox?status=sent')).body.messages).toEqual([]);
    expect((await reader.get('/api/admin/outbox?status=queued')).body.messages).toHaveLength(2);

    const one = await reader.get(`/api/admin/outbox/${mine.body.messages[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.message.text).toContain(`Booking reference: ${booked.body.reference}`);
    expect(one.body.message.html).toContain('Manage my booking');
    expect(one.body.message.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.ics$/) })]);

    // The HTML for the preview frame: exactly as it would be sent, under a policy that lets nothing run.
    const html = await reader.get(`/api/admin/outbox/${mine.body.messages[0].id}/html`);
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.text).toBe(one.body.message.html);
    expect(html.headers['content-security-policy']).toBe(MAIL_HTML_POLICY);
    expect(html.headers['content-security-policy']).not.toMatch(/script-src|unsafe-eval/);
    expect((await reader.get('/api/admin/outbox/no-such-message/html')).status).toBe(404);
  });

  it('withholds every capability link from the Mail screen: manage, leave, offer and withdraw links, from an admin who reads bookings', async () => {
    const event = await addEvent(app, { name: 'Full Dinner', capacity: 2 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, email: 'holder@example.org', numberAttending: '2' });
    expect(booked.status).toBe(201);
    expect((await app.agent().post(`/api/events/${event.id}/waiting-list`).send({ name: 'Grace', email: 'grace@example.org', places: 2 })).status).toBe(201);
    const manageToken = new URL(booked.body.managePath, 'http://x').searchParams.get('token');
    expect((await app.agent().post('/api/my-booking/cancel').send({ token: manageToken })).status).toBe(200);
    await app.built.ports.useCase(OfferFreedPlaces).execute();
    await addWorkDays(app);
    const signup = await app
      .agent()
      .post(`/api/work-days/${WORK_DAY.id}/signups`)
      .send({
        firstName: 'Vic',
        lastName: 'Helper',
        selectedJobs: ['painting'],
        otherJob: '',
        notes: '',
        bringingTools: false,
        wantsFood: false,
        email: 'vic@example.org',
      });
    expect(signup.status).toBe(201);

    const reader = await signedIn(app, 'mail-reader@example.org', ['bookings:read']);
    const listed = (await reader.get('/api/admin/outbox')).body.messages as { id: string; kind: string }[];
    const withLinks = new Set<string>();
    for (const { id, kind } of listed) {
      // The secrets as the member receives them (straight from the outbox, not through the API).
      const stored = await app.get('outbox').get(id);
      const secrets = [...(stored?.mail.text ?? '').matchAll(/https?:\/\/\S+/g)].flatMap(([url]) =>
        [...new URL(url).searchParams].filter(([name]) => isCapabilityParam(name)).map(([, value]) => value),
      );
      if (secrets.length === 0) continue;
      withLinks.add(kind);
      const detail = await reader.get(`/api/admin/outbox/${id}`);
      const html = await reader.get(`/api/admin/outbox/${id}/html`);
      expect(detail.status).toBe(200);
      for (const secret of secrets) {
        expect(JSON.stringify(detail.body)).not.toContain(secret);
        expect(html.text).not.toContain(secret);
        expect(html.text).not.toContain(encodeURIComponent(secret));
      }
      expect(detail.body.message.text).toContain(LINK_WITHHELD);
      expect(html.text).toContain(LINK_WITHHELD);
    }
    // Every kind of message that carries one was looked at.
    expect([...withLinks].sort()).toEqual(['booking-confirmation', 'waitlist-joined', 'waitlist-offer', 'workday-confirmation']);
  });

  it("names the admin in the audit log when a member's manage link is used with an admin's session, and the member otherwise", async () => {
    const event = await addEvent(app, { name: 'Audit Sail' });
    const tokenOf = (res: { body: { managePath: string } }) => new URL(res.body.managePath, 'http://x').searchParams.get('token');
    const first = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    const second = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, firstName: 'Bea' });
    const reader = await signedIn(app, 'link-user@example.org', ['bookings:read']);
    expect((await reader.post('/api/my-booking/cancel').send({ token: tokenOf(first) })).status).toBe(200);
    expect(
      (
        await app
          .agent()
          .post('/api/my-booking/cancel')
          .send({ token: tokenOf(second) })
      ).status,
    ).toBe(200);
    const [byAdmin] = await app.get('audit').list({ recordId: first.body.bookingId, limit: 10 });
    expect(byAdmin).toMatchObject({
      action: 'booking.cancelled',
      actor: { kind: 'admin', email: 'link-user@example.org' },
      summary: "Cancelled by link-user@example.org with the member's manage link",
    });
    const [byMember] = await app.get('audit').list({ recordId: second.body.bookingId, limit: 10 });
    expect(byMember).toMatchObject({ action: 'booking.cancelled', actor: { kind: 'member' }, summary: 'Cancelled by the member' });
  });

  it('refuses to resend a queued message (409), needs bookings:write to resend, and answers 404 for an unknown id', async () => {
    const [queued] = await app.get('outbox').list({ status: 'queued' });
    const before = await app.get('outbox').get(queued.id);
    const reader = await signedIn(app, 'reader2@example.org', ['bookings:read']);
    const refused = await reader.post(`/api/admin/outbox/${queued.id}/resend`).set(FETCH);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You do not have permission to resend e-mails.', permission: 'bookings:write' });

    const writer = await signedIn(app, 'writer@example.org', ['bookings:read', 'bookings:write']);
    const again = await writer.post(`/api/admin/outbox/${queued.id}/resend`).set(FETCH);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This e-mail is already waiting to be sent' });
    expect(await app.get('outbox').get(queued.id)).toEqual(before);

    expect((await writer.get('/api/admin/outbox/no-such-message')).body).toEqual({ error: 'Message not found' });
    expect((await writer.post('/api/admin/outbox/no-such-message/resend').set(FETCH)).status).toBe(404);
  });

  it('refuses a status that does not exist with a clear message', async () => {
    const reader = await signedIn(app, 'reader3@example.org', ['bookings:read']);
    const res = await reader.get('/api/admin/outbox?status=lost');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid query parameter: status must be one of queued, sent, failed');
  });
});

describe('the Mail screen with an SMTP server that refuses', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kestrel Yacht Club <bookings@kestrel-yc.example>' }, build: { mailRoundMs: 50 } });
  });
  afterAll(async () => {
    await app?.dispose();
    await smtp?.close();
  });

  it('shows a message given up after a day of refusals as failed with the SMTP answer; Resend delivers it once', async () => {
    smtp.refuseNext(1000, 550, 'Mailbox unavailable: ada@example.org');
    const event = await addEvent(app, { name: 'Autumn Series' });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(booked.status).toBe(201);
    const [message] = await app.get('outbox').list({ recordId: booked.body.bookingId });
    // The first refusal: due again in a minute.
    await eventually(async () => (await app.get('outbox').get(message.id))?.attempts).toBe(1);
    // A day later the next refusal gives up.
    app.clock.advance(GIVE_UP_AFTER_MS + 60_000);
    await untilStatus(app, message.id, 'failed');

    const writer = await signedIn(app, 'writer@example.org', ['bookings:read', 'bookings:write']);
    const failed = await writer.get('/api/admin/outbox?status=failed');
    expect(failed.body.messages).toEqual([
      expect.objectContaining({ id: message.id, to: 'ada@example.org', status: 'failed', attempts: 2, nextAttemptAt: null }),
    ]);
    expect(failed.body.messages[0].lastError).toMatch(/550.*Mailbox unavailable: ada@example\.org/);
    expect(smtp.received).toEqual([]);

    smtp.refuseNext(0);
    const resent = await writer.post(`/api/admin/outbox/${message.id}/resend`).set(FETCH);
    expect(resent.status).toBe(200);
    expect(resent.body.message).toMatchObject({ id: message.id, status: 'queued', attempts: 0, lastError: failed.body.messages[0].lastError });
    const [received] = await smtp.waitFor(1);
    expect(received.subject).toBe('Booking confirmed: Autumn Series');
    await untilStatus(app, message.id, 'sent');
    // Another round finds nothing due: it was delivered once.
    expect(await app.built.ports.useCase(DeliverOutbox).execute()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
    const shown = await writer.get(`/api/admin/outbox/${message.id}`);
    expect(shown.body.message).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
  });
});
