import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '../../../../core/announcements/announcement';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { mailTo, outboxEmptied, toOf } from '../../../support/api/app-with-mail';
import { CURRENT_ADULT, signedInMember } from '../../../support/api/signed-in-member';
import { FETCH, NOW, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestAppWithMail } from '../../../support/api/use-test-app';
import { aBooking } from '../../../support/entities';
import { OFFICER_DAY, storeOfficerDay } from '../../../support/officer-day-fixtures';
import type { SmtpTestServer } from '../../../support/smtp-test-server';

// On SQLite (project default) and on the Firestore emulator (project api-firestore). The clock
// stands at 2026-06-01 09:00 UTC: the officer's day has a race today and a social tomorrow.
// The race's people: Helen booked signed in naming two household people (her household's contact
// is Mia), Gina booked with her member e-mail and is on the waiting list too, Sol booked without
// an e-mail, Cass's booking is cancelled, Dora is a disabled member who booked; Walt waits in line,
// Lea left the list; Rita holds the race officer's duty.

let app: TestApp;
let smtp: SmtpTestServer;
let admin: ReturnType<TestApp['agent']>;
let officer: ReturnType<TestApp['agent']>;
let reader: ReturnType<TestApp['agent']>;
let gina: ReturnType<TestApp['agent']>;
let rita: ReturnType<TestApp['agent']>;

const RACE = OFFICER_DAY.raceId;
const EVERYONE = ['helen@example.org', 'mia@example.org', 'Gina@Example.org', 'walt@example.org', 'rita@example.org'];

useTestAppWithMail({}, async (started) => {
  ({ app, smtp } = started);
  await storeOfficerDay((name) => app.get(name), startOfLondonDay(new Date(NOW)));
  await app.get('members').create({ id: 'mem-mia', name: 'Mia Harbour', email: 'mia@example.org', ...CURRENT_ADULT });
  await app.get('members').create({ id: 'mem-dora', name: 'Dora Disabled', email: 'dora@example.org', ...CURRENT_ADULT, disabled: true });
  await app.get('households').join({ householdId: 'h-harbour', memberId: 'mem-mia', at: NOW }, 10);
  await app.get('households').join({ householdId: 'h-harbour', memberId: OFFICER_DAY.helen.id, at: NOW }, 10);
  await app
    .get('bookings')
    .addIfPlacesRemain(
      aBooking({
        id: 'bk-dora',
        eventId: RACE,
        eventName: 'Club race',
        firstName: 'Dora',
        lastName: 'Disabled',
        userEmail: 'dora@example.org',
        memberId: 'mem-dora',
      }),
      { capacity: null, now: new Date(NOW) },
    );
  const entry = (id: string, name: string, email: string, status: 'waiting' | 'left') => ({
    id,
    eventId: RACE,
    name,
    email,
    places: 1,
    joinedAt: NOW,
    status,
    offeredUntil: null,
    updatedAt: NOW,
    memberId: null,
  });
  await app.get('waitingList').join(entry('wl-walt', 'Walt Waiting', 'walt@example.org', 'waiting'), []);
  await app.get('waitingList').join(entry('wl-gina', 'Gina Guest', 'gina@example.org', 'waiting'), []);
  await app.get('waitingList').join(entry('wl-lea', 'Lea Left', 'lea@example.org', 'left'), []);
  admin = await signedInAdmin(app, 'race-admin@example.org', ['events:read', 'events:write']);
  officer = await signedInAdmin(app, 'officer@example.org', ['bookings:write', 'bookings:read']);
  reader = await signedInAdmin(app, 'reader@example.org', ['events:read']);
  // Signed in before any announcement: the helper reads the code from the member's e-mails.
  gina = await signedInMember(app, { id: OFFICER_DAY.gina.id, name: OFFICER_DAY.gina.name, email: OFFICER_DAY.gina.email, ...CURRENT_ADULT });
  rita = await signedInMember(app, { id: OFFICER_DAY.officer.id, name: OFFICER_DAY.officer.name, email: 'rita@example.org', ...CURRENT_ADULT });
});

const send = (agent: ReturnType<TestApp['agent']>, eventId: string, body: Record<string, unknown>) =>
  agent.post(`/api/admin/events/${eventId}/announcements`).set(FETCH).send(body);
const form = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  audiences: ['booked', 'waiting', 'duty'],
  subject: 'Launching from the south slip',
  text: 'The north slip is closed.\n\nMeet at the south slip at 10.',
  ...overrides,
});
/** What a refused request must leave as it was: every announcement and every e-mail. */
const stored = async () =>
  JSON.stringify([
    await app.get('announcements').listByEvents([RACE, OFFICER_DAY.socialId, OFFICER_DAY.laterId], 1000),
    (await app.get('outbox').list({ limit: 1000 })).length,
  ]);

describe('sending an announcement', () => {
  it("e-mails each of the event's people once, whatever their roles, with the admin's Reply-To, and counts them", async () => {
    const body = form({ subject: 'Everyone once' });
    const res = await send(admin, RACE, body);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('sent');
    expect(res.body.announcement).toMatchObject({ id: body.id, eventId: RACE, eventName: 'Club race', told: 5, replyTo: 'race-admin@example.org' });
    const messages = await app.get('outbox').list({ recordId: body.id });
    expect(messages.map((m) => m.mail.to).sort()).toEqual([...EVERYONE].sort());
    // Read back as the members' mail programs read them, through the real SMTP server.
    await outboxEmptied(app);
    const subject = 'Everyone once – Club race';
    const received = smtp.received.filter((mail) => mail.subject === subject);
    // (The mail parser writes the address's domain in lower case.)
    const lower = (list: string[]) => list.map((to) => to.toLowerCase()).sort();
    expect(lower(received.map(toOf))).toEqual(lower(EVERYONE));
    const toGina = await mailTo(smtp, 'Gina@example.org', subject);
    expect(toGina.replyTo?.text).toBe('race-admin@example.org');
    expect(toGina.text).toContain('Meet at the south slip at 10.');
    expect(toGina.text).toContain(`/event-booking?id=${RACE}`);
  });

  it('writes one audit line of the send: who sent it, to which event, how many were told; none when sent again', async () => {
    const body = form({ audiences: ['booked', 'duty'], subject: 'Audited' });
    const res = await send(admin, RACE, body);
    expect(res.status).toBe(200);
    expect((await send(admin, RACE, body)).body.result).toBe('repeated');
    const lines = (await app.get('audit').list({ recordId: RACE, limit: 100 })).filter((entry) => entry.action === 'announcement.sent');
    expect(lines.filter((entry) => entry.summary.includes('"Audited"'))).toEqual([
      {
        id: `announcement-${body.id}`,
        at: res.body.announcement.sentAt,
        actor: { kind: 'admin', uid: expect.any(String), email: 'race-admin@example.org' },
        action: 'announcement.sent',
        recordType: 'event',
        recordId: RACE,
        summary: `Announcement "Audited" sent to ${res.body.announcement.told} people (booked members, on duty)`,
        changes: [],
      },
    ]);
  });

  it('tells only the waiting list when only it is chosen (those still in line)', async () => {
    const body = form({ audiences: ['waiting'], subject: 'Waiting only' });
    const res = await send(admin, RACE, body);
    expect(res.body.announcement.told).toBe(2);
    expect((await app.get('outbox').list({ recordId: body.id })).map((m) => m.mail.to).sort()).toEqual(['gina@example.org', 'walt@example.org']);
  });

  it('tells the household contact of the people a booking names', async () => {
    const body = form({ audiences: ['booked'], subject: 'Booked only' });
    expect((await send(admin, RACE, body)).body.announcement.told).toBe(3);
    expect((await app.get('outbox').list({ recordId: body.id })).map((m) => m.mail.to).sort()).toEqual([
      'Gina@Example.org',
      'helen@example.org',
      'mia@example.org',
    ]);
  });

  it('the same id sent again sends nothing more and answers the first announcement', async () => {
    const body = form({ audiences: ['duty'], subject: 'Once' });
    const first = await send(admin, RACE, body);
    const again = await send(admin, RACE, { ...body, subject: 'Twice' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ result: 'repeated', announcement: first.body.announcement });
    expect(await app.get('outbox').list({ recordId: body.id })).toHaveLength(1);
    const elsewhere = await send(admin, OFFICER_DAY.socialId, body);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toBe(ANNOUNCEMENT_MESSAGES.idTaken);
  });

  it('two sends at once of one id make one announcement, each person e-mailed once', async () => {
    const body = form({ subject: 'At once' });
    const answers = await Promise.all([send(admin, RACE, body), send(admin, RACE, body), send(officer, RACE, body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['repeated', 'repeated', 'sent']);
    expect((await app.get('announcements').listByEvent(RACE)).filter((a) => a.id === body.id)).toHaveLength(1);
    expect((await app.get('outbox').list({ recordId: body.id })).map((m) => m.mail.to).sort()).toEqual([...EVERYONE].sort());
  });

  it("the officer of the day may send for today's events only; tomorrow's is refused and changes nothing", async () => {
    const today = await send(officer, RACE, form({ audiences: ['duty'], subject: 'Officer today' }));
    expect(today.status).toBe(200);
    expect(today.body.announcement).toMatchObject({ told: 1, replyTo: 'officer@example.org' });
    const before = await stored();
    const tomorrow = await send(officer, OFFICER_DAY.socialId, form({ subject: 'Officer tomorrow' }));
    expect(tomorrow.status).toBe(403);
    expect(tomorrow.body).toEqual({ error: ANNOUNCEMENT_MESSAGES.notToday, permission: 'events:write' });
    expect(await stored()).toBe(before);
  });

  it('refuses an admin with neither permission, bad input and an unknown event, changing nothing', async () => {
    const before = await stored();
    const refused = await send(reader, RACE, form());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ANNOUNCEMENT_MESSAGES.permission, permission: 'events:write' });
    for (const [bad, message] of [
      [{ audiences: [] }, ANNOUNCEMENT_MESSAGES.audiences],
      [{ audiences: ['everyone'] }, null],
      [{ subject: '   ' }, ANNOUNCEMENT_MESSAGES.subjectRequired],
      [{ subject: 'x'.repeat(121) }, ANNOUNCEMENT_MESSAGES.subjectTooLong],
      [{ text: '' }, ANNOUNCEMENT_MESSAGES.textRequired],
      [{ text: 'x'.repeat(2001) }, ANNOUNCEMENT_MESSAGES.textTooLong],
      [{ id: 'not-a-uuid' }, null],
    ] as const) {
      const res = await send(admin, RACE, form(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await send(admin, 'no-such-event', form())).status).toBe(404);
    expect(await stored()).toBe(before);
  });
});

describe('where announcements are shown', () => {
  it("lists the event's announcements for admins with how many were told, and for signed-in members without", async () => {
    const body = form({ audiences: ['booked'], subject: 'Shown' });
    await send(admin, RACE, body);
    const listed = await reader.get(`/api/admin/events/${RACE}/announcements`);
    expect(listed.status).toBe(200);
    // The test clock stands still: every announcement is sent at NOW.
    const byId = (list: { id: string }[]) => list.find((a) => a.id === body.id);
    expect(byId(listed.body.announcements)).toMatchObject({ id: body.id, subject: 'Shown', told: 3, audiences: ['booked'], authorName: expect.any(String) });
    const page = await gina.get(`/api/my/events/${RACE}/announcements`);
    expect(page.status).toBe(200);
    expect(byId(page.body.announcements)).toEqual({ id: body.id, eventId: RACE, eventName: 'Club race', subject: 'Shown', text: body.text, sentAt: NOW });
    const mine = await gina.get('/api/my/announcements');
    expect(mine.body.announcements.map((a: { id: string }) => a.id)).toContain(body.id);
    expect((await app.agent().get(`/api/my/events/${RACE}/announcements`).set(FETCH)).status).toBe(401);
  });

  it('My club lists only the announcements of events the member is booked on, on duty at or waiting for', async () => {
    const social = form({ subject: 'Social only' });
    await send(admin, OFFICER_DAY.socialId, social);
    const mine = (await rita.get('/api/my/announcements')).body.announcements as { eventId: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.eventId === RACE)).toBe(true);
  });
});
