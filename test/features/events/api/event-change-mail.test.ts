import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CHANGE_MAIL_KIND } from '../../../../core/events/event-change-notice';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { mailTo, outboxEmptied, startTestAppWithMail } from '../../../support/api/app-with-mail';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { AUTUMN_RACE_FORM, ONE_SAILOR } from '../../../support/api/fixtures';

// On SQLite (project default) and on the Firestore emulator (project api-firestore).

let smtp: SmtpTestServer;
let app: TestApp;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ smtp, app, close: stop } = await startTestAppWithMail());
});
afterAll(() => stop?.());

const eventForm = AUTUMN_RACE_FORM;
const member = ONE_SAILOR;

function veventOf(mail: ParsedMail): ICAL.Event {
  const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(ics?.filename).toBe('autumn_race.ics');
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!);
}
const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue('status');

describe('an event moved by an admin', () => {
  it('e-mails each live booking with an address once, with the updated .ics (same UID, higher SEQUENCE); cancellations carry the entry CANCELLED', async () => {
    const admin = await signedInAdmin(app, 'boss@example.org');
    const created = await admin.post('/api/admin/events').set(FETCH).send(eventForm);
    expect(created.status).toBe(201);
    const id = created.body.event.id as string;

    const book = async (firstName: string, email: string) => {
      const res = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: id, firstName, email, ...member });
      expect(res.status).toBe(201);
      return res.body.bookingId as string;
    };
    const ada = await book('Ada', 'ada@example.org');
    await book('Bob', '');
    const cat = await book('Cat', 'cat@example.org');
    const dee = await book('Dee', 'dee@example.org');
    const catToken = app.get('bookingLinks').issue(cat, new Date('2026-12-31T00:00:00.000Z'));
    expect((await app.agent().post('/api/my-booking/cancel').set(FETCH).send({ token: catToken })).status).toBe(200);
    const confirmation = veventOf(await mailTo(smtp, 'ada@example.org', 'Booking confirmed: Autumn Race'));
    await outboxEmptied(app);

    // The edit screen knows, before saving, who a move would e-mail: Ada and Dee; Bob gave no address; Cat cancelled.
    const screen = await admin.get(`/api/admin/events/${id}`);
    expect(screen.status).toBe(200);
    expect(screen.body.changeNotice).toEqual({ withEmail: 2, withoutEmail: 1, dutyHolders: 0 });

    // A new name and words only: nobody is told.
    expect(
      (
        await admin
          .put(`/api/admin/events/${id}`)
          .set(FETCH)
          .send({ ...eventForm, name: 'Autumn Race', description: 'Now with a barbecue' })
      ).status,
    ).toBe(200);
    expect((await app.get('outbox').list()).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND)).toEqual([]);

    // Moved a day on and an hour later: Ada and Dee are told, once each.
    const moved = { ...eventForm, description: 'Now with a barbecue', eventdatetime: '2026-06-11T11:00', eventenddatetime: '2026-06-11T14:00' };
    const saved = await admin.put(`/api/admin/events/${id}`).set(FETCH).send(moved);
    expect(saved.status).toBe(200);
    const toAda = await mailTo(smtp, 'ada@example.org', 'Time changed: Autumn Race');
    await mailTo(smtp, 'dee@example.org', 'Time changed: Autumn Race');
    expect(toAda.text).toContain('Was: Wed 10 June 2026, 10:00 – 13:00 (UK time)');
    expect(toAda.text).toContain('Now: Thu 11 June 2026, 11:00 – 14:00 (UK time)');
    // The booking's short reference, the one a member reads out over the phone.
    const adaReference = (await app.get('bookings').get(ada))?.reference;
    expect(adaReference).toMatch(/^KYC-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(toAda.text).toContain(`Booking reference: ${adaReference}`);
    expect(toAda.text).toMatch(/https:\/\/members\.kestrel-yc\.example\/my-booking\?token=\S+/);
    const updated = veventOf(toAda);
    expect(updated.uid).toBe(confirmation.uid);
    expect(updated.sequence).toBeGreaterThan(confirmation.sequence);
    expect(updated.startDate.toJSDate().toISOString()).toBe('2026-06-11T10:00:00.000Z');
    expect(updated.endDate.toJSDate().toISOString()).toBe('2026-06-11T13:00:00.000Z');
    expect(updated.location).toBe('Kestrel Yacht Club');

    // Saved again as it is (a double click, a retry): nobody is told twice.
    expect((await admin.put(`/api/admin/events/${id}`).set(FETCH).send(moved)).status).toBe(200);
    await outboxEmptied(app);
    const changes = (await app.get('outbox').list()).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND);
    expect(changes.map((m) => [m.recordId, m.mail.to]).sort()).toEqual(
      [
        [ada, 'ada@example.org'],
        [dee, 'dee@example.org'],
      ].sort(),
    );
    expect(smtp.received.filter((m) => m.subject === 'Time changed: Autumn Race')).toHaveLength(2);

    // Dee cancels: the cancellation carries the entry CANCELLED, above the copy she was sent.
    const deeToken = app.get('bookingLinks').issue(dee, new Date('2026-12-31T00:00:00.000Z'));
    expect((await app.agent().post('/api/my-booking/cancel').set(FETCH).send({ token: deeToken })).status).toBe(200);
    const deeCancelled = veventOf(await mailTo(smtp, 'dee@example.org', 'Booking cancelled: Autumn Race'));
    expect(statusOf(deeCancelled)).toBe('CANCELLED');
    expect(deeCancelled.uid).toBe(confirmation.uid);
    expect(deeCancelled.sequence).toBeGreaterThan(updated.sequence);

    // The event is called off: Ada's e-mail carries the cancelled event, above every copy before.
    expect((await admin.post(`/api/admin/events/${id}/cancel`).set(FETCH).send({ reason: 'Gale warning' })).status).toBe(200);
    const adaCancelled = veventOf(await mailTo(smtp, 'ada@example.org', 'Event cancelled: Autumn Race'));
    expect(statusOf(adaCancelled)).toBe('CANCELLED');
    expect(adaCancelled.uid).toBe(confirmation.uid);
    expect(adaCancelled.sequence).toBeGreaterThan(updated.sequence);
    expect(adaCancelled.summary).toBe('Cancelled: Autumn Race');
  });
});
