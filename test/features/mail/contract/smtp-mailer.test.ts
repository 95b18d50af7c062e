import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../../../adapters/smtp/smtp-mailer';
import type { OutgoingMail } from '../../../../core/mail/mail';
import { MailRefusedError } from '../../../../core/mail/mailer.port';
import { useSmtpMailer } from './smtp-fixture';
import { rejectionOf } from '../../../support/contract/storage-fixtures';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Kestrel YC//Members Area//EN',
  'BEGIN:VEVENT',
  'UID:event-1@kestrel-yc.example',
  'DTSTAMP:20260601T090000Z',
  'DTSTART:20260704T090000Z',
  'DTEND:20260704T160000Z',
  'SUMMARY:Summer Regatta',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const MAIL: OutgoingMail = {
  to: 'member@example.org',
  subject: 'Booking confirmed: Summer Regatta',
  text: 'Your booking KYC-1 is confirmed.\nManage it: http://localhost:3000/my-booking?token=abc',
  html: '<p>Your booking <strong>KYC-1</strong> is confirmed.</p>',
  attachments: [{ filename: 'summer-regatta.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ICS }],
};

const { smtp, mailer } = useSmtpMailer('Kestrel Yacht Club <bookings@kestrel-yc.example>');

describe('SmtpMailer against a real SMTP server', () => {
  it('delivers the subject, both parts, the sender and the calendar file as a mail client reads them', async () => {
    await mailer().send(MAIL);
    const [message] = await smtp().waitFor(1);
    expect(message.subject).toBe(MAIL.subject);
    expect(message.from?.value).toEqual([{ address: 'bookings@kestrel-yc.example', name: 'Kestrel Yacht Club' }]);
    expect(message.to && !Array.isArray(message.to) ? message.to.value.map((v) => v.address) : []).toEqual(['member@example.org']);
    expect(message.text?.trim()).toBe(MAIL.text);
    expect(message.html).toContain('<strong>KYC-1</strong>');
    expect(message.attachments).toHaveLength(1);
    const [file] = message.attachments;
    expect(file.filename).toBe('summer-regatta.ics');
    expect(file.contentType).toBe('text/calendar');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Summer Regatta');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-04T09:00:00.000Z');
  });

  it("reports a refusal with the server's own answer, for admins to read", async () => {
    smtp().refuseNext(1, 550, 'Mailbox unavailable');
    const error = await rejectionOf(mailer().send(MAIL));
    expect(error).toBeInstanceOf(MailRefusedError);
    expect((error as Error).message).toMatch(/^550 Mailbox unavailable/);
    expect(smtp().received).toHaveLength(0);
  });

  it('reports a server that cannot be reached', async () => {
    const nowhere = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'bookings@kestrel-yc.example' });
    const error = await rejectionOf(nowhere.send(MAIL));
    expect(error).toBeInstanceOf(MailRefusedError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    nowhere.close();
  });
});
