import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { startTestApp, type TestApp } from '../../../support/api/test-app';
import { eventually } from '../../../support/eventually';

const MAIL = { to: 'member@example.org', subject: 'Booking confirmed: Summer Regatta', text: 'See you there', html: '<p>See you there</p>', attachments: [] };

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});

describe('the server delivers the outbox', () => {
  let app: TestApp;
  afterAll(async () => {
    await app?.dispose();
  });

  it('with SMTP_URL: a message written to the outbox reaches the SMTP server and is recorded sent', async () => {
    app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kestrel Yacht Club <bookings@kestrel-yc.example>' }, build: { mailRoundMs: 50 } });
    await app.get('outbox').add([newOutboxMessage('m1', 'booking-confirmation', 'b1', MAIL, app.clock.now())]);
    const [received] = await smtp.waitFor(1);
    expect(received.subject).toBe(MAIL.subject);
    expect(received.from?.text).toBe('"Kestrel Yacht Club" <bookings@kestrel-yc.example>');
    // The outcome is recorded just after the server took the message.
    await eventually(async () => (await app.get('outbox').get('m1'))?.status).toBe('sent');
    expect(await app.get('outbox').get('m1')).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
  });
});

describe('without SMTP_URL', () => {
  it('keeps the message queued in the outbox for admins to read, and sends nothing', async () => {
    const app = await startTestApp({ build: { mailRoundMs: 10 } });
    try {
      smtp.received.length = 0;
      await app.get('outbox').add([newOutboxMessage('m2', 'booking-confirmation', 'b2', MAIL, app.clock.now())]);
      // Twenty rounds' worth of time: had a sender run, it would have tried (and counted an attempt).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await app.get('outbox').list()).toEqual([expect.objectContaining({ id: 'm2', status: 'queued', attempts: 0, lastError: null })]);
      expect(smtp.received).toEqual([]);
    } finally {
      await app.dispose();
    }
  });
});
