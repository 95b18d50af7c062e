import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_ROUND_JOB } from '../../../core/operations/scheduled-work';
import type { SmtpTestServer } from '../../support/smtp-test-server';
import { outboxEmptied, startTestAppWithMail } from '../../support/api/app-with-mail';
import { FETCH, signedInAdmin, type TestApp } from '../../support/api/test-app';
import { eventually } from '../../support/eventually';
import { AUTUMN_RACE_FORM, ONE_SAILOR } from '../../support/api/fixtures';

let smtp: SmtpTestServer;
let app: TestApp;

let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ smtp, app, close: stop } = await startTestAppWithMail({ build: { jobRoundMs: 50 } }));
});
afterAll(() => stop?.());

const eventForm = AUTUMN_RACE_FORM;
const member = ONE_SAILOR;
const subjects = (mails: ParsedMail[]) => mails.map((m) => m.subject ?? '').sort();

/** Waits until the reminders' round has run at the clock's present time (on whichever instance). */
async function reminderRoundRanNow(): Promise<void> {
  await eventually(async () => (await app.get('jobs').get(REMINDER_ROUND_JOB))?.doneAt).toBe(app.clock.now().toISOString());
}

describe('reminder e-mails, sent by the server itself', () => {
  it('two days before: one reminder to each confirmed booking with an e-mail, with the time, the .ics and the manage link; never again after a restart; none for an event with reminders off', async () => {
    const admin = await signedInAdmin(app, 'boss@example.org');
    const race = await admin.post('/api/admin/events').set(FETCH).send(eventForm);
    expect(race.status).toBe(201);
    expect(race.body.event.remindersOff).not.toBe(true);
    const quiet = await admin
      .post('/api/admin/events')
      .set(FETCH)
      .send({ ...eventForm, name: 'Quiet Cruise', sendReminders: false });
    expect(quiet.status).toBe(201);
    expect(quiet.body.event.remindersOff).toBe(true);
    expect((await admin.get(`/api/admin/events/${quiet.body.event.id}`)).body.form.sendReminders).toBe(false);
    expect((await admin.get(`/api/admin/events/${race.body.event.id}`)).body.form.sendReminders).toBe(true);

    const book = async (eventId: string, firstName: string, email: string) => {
      const res = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId, firstName, email, ...member });
      expect(res.status).toBe(201);
      return res.body.bookingId as string;
    };
    const ada = await book(race.body.event.id, 'Ada', 'ada@example.org');
    await book(race.body.event.id, 'Bob', '');
    const cat = await book(race.body.event.id, 'Cat', 'cat@example.org');
    await book(quiet.body.event.id, 'Dan', 'dan@example.org');
    const token = app.get('bookingLinks').issue(cat, new Date('2026-12-31T00:00:00.000Z'));
    expect((await app.agent().post('/api/my-booking/cancel').set(FETCH).send({ token })).status).toBe(200);
    await smtp.waitFor(4);
    expect(subjects(smtp.received)).toEqual([
      'Booking cancelled: Autumn Race',
      'Booking confirmed: Autumn Race',
      'Booking confirmed: Autumn Race',
      'Booking confirmed: Quiet Cruise',
    ]);
    smtp.received.length = 0;

    // Two days and a minute before the start (10:00 London, 09:00 UTC).
    app.clock.set('2026-06-08T09:01:00.000Z');
    const reminder = await smtp.waitForSubject('Reminder: Autumn Race, Wed 10 June 2026, 10:00');
    expect(reminder.to && !Array.isArray(reminder.to) ? reminder.to.text : '').toBe('ada@example.org');
    expect(reminder.text).toContain('When: Wed 10 June 2026, 10:00 – 13:00 (UK time)');
    expect(reminder.text).toContain(`Booking reference: ${(await app.get('bookings').get(ada))?.reference}`);
    expect(reminder.html).toContain('Manage my booking');
    const link = new URL(/https:\/\/members\.kestrel-yc\.example\/my-booking\?token=\S+/.exec(reminder.text ?? '')?.[0] ?? 'https://none.example');
    expect(app.get('bookingLinks').read(link.searchParams.get('token') ?? '', app.clock.now())).toBe(ada);
    const ics = reminder.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.filename).toBe('autumn_race.ics');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Autumn Race');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-06-10T09:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-06-10T12:00:00.000Z');

    // A restart, and a later round: the reminders are not written or sent again.
    await outboxEmptied(app);
    await app.restart();
    app.clock.advance(20 * 60_000);
    await reminderRoundRanNow();
    await outboxEmptied(app);
    expect(subjects(smtp.received)).toEqual(['Reminder: Autumn Race, Wed 10 June 2026, 10:00']);
    const written = (await app.get('outbox').list()).filter((m) => m.kind === 'booking-reminder');
    expect(written.map((m) => [m.recordId, m.status])).toEqual([[ada, 'sent']]);
  });
});
