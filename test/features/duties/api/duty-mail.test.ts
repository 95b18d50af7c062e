import ICAL from 'ical.js';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTY_MAIL_ROUND_JOB } from '../../../../core/operations/scheduled-work';
import { DUTY_REMINDER_KIND, SendDutyReminders } from '../../../../core/duties/duty-reminders';
import { DUTY_RED_ALERT_KIND, SendStaffingAlerts } from '../../../../core/duties/staffing-alerts';
import { clubMember } from '../../../support/api/signed-in-member';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { eventually } from '../../../support/eventually';
import { startTestAppWithMail, toOf } from '../../../support/api/app-with-mail';
import { addAdmin, addEvent, FETCH, signIn, type TestApp } from '../../../support/api/test-app';

// Duty reminders and the red staffing light alert, sent by the server's own job runner to an SMTP
// server in this process; on SQLite (project default) and the Firestore emulator (api-firestore).
// The clock starts at 1 June 2026; the race is on Sat 20 June, 10:00 to 13:00 London time.

let smtp: SmtpTestServer;
let app: TestApp;
let stop: (() => Promise<void>) | undefined;
let admin: TestAgent;
let safetySlot: string;

const RACE = { name: 'Club race', eventdatetime: '2026-06-20T09:00:00.000Z', eventenddatetime: '2026-06-20T12:00:00.000Z' };

beforeAll(async () => {
  ({ smtp, app, close: stop } = await startTestAppWithMail({ build: { jobRoundMs: 50 } }));
  await addAdmin(app, 'rota@example.org', ['duties:write', 'events:read']);
  await addAdmin(app, 'events@example.org', ['events:read', 'events:write']);
  admin = app.agent();
  await signIn(admin, 'rota@example.org');
  for (const m of [clubMember('ann', 'Ann Helm'), clubMember('bob', 'Bob Stern')]) await app.get('members').create(m);
  const safety = await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Safety boat driver', description: '', qualificationIds: [] });
  const galley = await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Galley', description: '', qualificationIds: [] });
  const race = await addEvent(app, RACE);
  const slot = await admin.post(`/api/admin/duties/events/${race.id}/slots`).set(FETCH).send({ dutyTypeId: safety.body.id, needed: 2, optional: false });
  safetySlot = slot.body.id;
  const galleySlot = await admin.post(`/api/admin/duties/events/${race.id}/slots`).set(FETCH).send({ dutyTypeId: galley.body.id, needed: 1, optional: true });
  expect((await admin.post(`/api/admin/duties/slots/${safetySlot}/assignments`).set(FETCH).send({ memberId: 'ann' })).status).toBe(201);
  expect((await admin.post(`/api/admin/duties/slots/${galleySlot.body.id}/assignments`).set(FETCH).send({ memberId: 'bob' })).status).toBe(201);
});
afterAll(() => stop?.());

const received = () => smtp.received.map((m) => `${toOf(m)}: ${m.subject}`).sort();

/** Waits until the duty round has run at the clock's present time (on whichever instance) and its mail has gone. */
async function dutyRoundRanNow(): Promise<void> {
  await eventually(async () => (await app.get('jobs').get(DUTY_MAIL_ROUND_JOB))?.doneAt).toBe(app.clock.now().toISOString());
  await eventually(async () => (await app.get('outbox').list({ status: 'queued' })).length).toBe(0);
}

describe('duty reminders', () => {
  it('14 days before, each member on duty gets one reminder with the duty’s .ics and the link to their duties; never twice', async () => {
    app.clock.set('2026-06-06T09:05:00.000Z');
    await dutyRoundRanNow();
    expect(received()).toEqual([
      'ann@club.example: Duty reminder: Safety boat driver, Club race, Sat 20 June 2026, 10:00',
      'bob@club.example: Duty reminder: Galley, Club race, Sat 20 June 2026, 10:00',
    ]);
    const mail = smtp.received.find((m) => toOf(m) === 'ann@club.example')!;
    expect(mail.text).toContain('Duty: Safety boat driver');
    expect(mail.text).toContain('When: Sat 20 June 2026, 10:00 – 13:00 (UK time)');
    expect(mail.text).toContain('https://members.kestrel-yc.example/duties');
    expect(mail.html).toContain('href="https://members.kestrel-yc.example/duties"');
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.contentType).toBe('text/calendar');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe(`duty-${safetySlot}-ann@kyc-members-area`);
    expect(vevent.summary).toBe('Duty: Safety boat driver, Club race');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-06-20T09:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-06-20T12:00:00.000Z');

    // Another round after a restart: nothing new.
    await app.restart();
    app.clock.advance(20 * 60_000);
    await dutyRoundRanNow();
    expect(smtp.received).toHaveLength(2);
    expect((await app.get('outbox').list()).filter((m) => m.kind === DUTY_REMINDER_KIND)).toHaveLength(2);
  });

  it('3 days before, the second reminder; the red light alerts only the admins who manage duties, once', async () => {
    smtp.received.length = 0;
    app.clock.set('2026-06-17T09:05:00.000Z');
    await dutyRoundRanNow();
    app.clock.advance(20 * 60_000);
    await dutyRoundRanNow();
    expect(received()).toEqual([
      'ann@club.example: Duty reminder: Safety boat driver, Club race, Sat 20 June 2026, 10:00',
      'bob@club.example: Duty reminder: Galley, Club race, Sat 20 June 2026, 10:00',
      'rota@example.org: Duty cover short: Club race, Sat 20 June 2026, 10:00',
    ]);
    const alert = smtp.received.find((m) => toOf(m) === 'rota@example.org')!;
    expect(alert.text).toContain('Safety boat driver: 1 of 2 (the event cannot run without it)');
    expect(alert.text).toMatch(/https:\/\/members\.kestrel-yc\.example\/admin\/duties\/events\/\S+/);
    expect((await app.get('outbox').list()).filter((m) => m.kind === DUTY_RED_ALERT_KIND).map((m) => m.mail.to)).toEqual(['rota@example.org']);
    expect((await app.get('outbox').list()).filter((m) => m.kind === DUTY_REMINDER_KIND)).toHaveLength(4);
    // Two instances' rounds at the same moment write nothing more.
    const [reminders, alerts] = [app.built.ports.useCase(SendDutyReminders), app.built.ports.useCase(SendStaffingAlerts)];
    expect(await Promise.all([reminders.execute(), reminders.execute(), alerts.execute(), alerts.execute()])).toEqual([0, 0, 0, 0]);
  });
});
