import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutyWindow } from '../../../../core/duties/duties';
import { RECURRENCE_MESSAGES } from '../../../../core/events/recurrence';
import { SERIES_MESSAGES } from '../../../../core/events/event-series';
import { EVENT_CHANGE_MAIL_KIND } from '../../../../core/events/event-change-notice';
import type { ClubEvent } from '../../../../core/events/event';
import { londonDate, londonTime } from '../../../../core/shared/london-time';
import type TestAgent from 'supertest/lib/agent';
import { FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { ONE_SAILOR, storedCounts } from '../../../support/api/fixtures';
import { aMember } from '../../../support/entities';

// On SQLite (project default) and on the Firestore emulator (project api-firestore).

let app: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app, 'boss@example.org');
  const duties = app.get('duties');
  for (const [id, name] of [
    ['race-officer', 'Race officer'],
    ['safety-boat', 'Safety boat'],
    ['galley', 'Galley'],
  ])
    await duties.saveCatalogue('dutyTypes', { id, name, description: '', qualificationIds: [] });
  await duties.saveCatalogue('templates', {
    id: 'club-race',
    name: 'Club race',
    needs: [
      { dutyTypeId: 'race-officer', needed: 1, optional: false },
      { dutyTypeId: 'safety-boat', needed: 2, optional: false },
    ],
  });
  await duties.saveCatalogue('templates', {
    id: 'club-race-with-galley',
    name: 'Club race with galley',
    needs: [
      { dutyTypeId: 'race-officer', needed: 1, optional: false },
      { dutyTypeId: 'galley', needed: 1, optional: true },
    ],
  });
  await app.get('members').create(aMember({ id: 'mem-ann', name: 'Ann Helm', email: 'ann@example.org' }));
});
afterAll(() => app?.dispose());

/** Sundays from 27 September to 8 November 2026 (across the 25 October change), 11 October skipped, Saturday 31 October added. */
const AUTUMN_SERIES = {
  name: 'Autumn Sunday racing',
  description: 'Club racing',
  rule: 'FREQ=WEEKLY;BYDAY=SU',
  firstDate: '2026-09-27',
  lastDate: '2026-11-08',
  startTime: '10:00',
  endTime: '16:00',
  skippedDates: '2026-10-11',
  addedDates: '2026-10-31',
  allowBooking: true,
  capacity: '20',
  templateId: 'club-race',
};

const wall = (event: ClubEvent) => `${londonDate(new Date(event.eventdatetime!))} ${londonTime(new Date(event.eventdatetime!))}`;

describe('event series through the API', () => {
  it("creates every date as an event at 10:00 London in BST and GMT, with the template's slots; changes this and later, telling the booked; keeps held slots", async () => {
    const created = await admin.post('/api/admin/event-series').set(FETCH).send(AUTUMN_SERIES);
    expect(created.status).toBe(201);
    const seriesId = created.body.series.id as string;
    const events = (await app.get('events').listBySeries(seriesId)) as ClubEvent[];
    expect(events.map(wall)).toEqual([
      '2026-09-27 10:00',
      '2026-10-04 10:00',
      '2026-10-18 10:00',
      '2026-10-25 10:00',
      '2026-10-31 10:00',
      '2026-11-01 10:00',
      '2026-11-08 10:00',
    ]);
    // The UTC instants differ by an hour across the change.
    expect(events[2].eventdatetime).toBe('2026-10-18T09:00:00.000Z');
    expect(events[3].eventdatetime).toBe('2026-10-25T10:00:00.000Z');
    expect(events.every((e) => e.capacity === 20 && e.allowBooking && e.seriesId === seriesId)).toBe(true);
    expect(created.body.slotsAdded).toBe(14);
    for (const event of events) expect((await app.get('duties').listSlots(event.id)).map((s) => s.dutyTypeId)).toEqual(['race-officer', 'safety-boat']);

    const page = await admin.get(`/api/admin/event-series/${seriesId}`);
    expect(page.status).toBe(200);
    expect(page.body.events).toHaveLength(7);
    expect(page.body.changeForms[events[3].id]).toMatchObject({ fromEventId: events[3].id, startTime: '10:00', endTime: '16:00', templateId: 'club-race' });
    expect((await admin.get('/api/admin/event-series')).body.series.map((s: { id: string }) => s.id)).toEqual([seriesId]);

    // A member booked on the fifth date; Ann holds its race officer's slot.
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: events[4].id, firstName: 'Ada', email: 'ada@example.org', ...ONE_SAILOR });
    expect(booked.status).toBe(201);
    const [officer] = await app.get('duties').listSlots(events[4].id);
    await app
      .get('duties')
      .assign({
        slotId: officer.id,
        memberId: 'mem-ann',
        eventId: events[4].id,
        window: dutyWindow(events[4])!,
        assignedAt: '2026-06-01T09:00:00.000Z',
        overrideReason: null,
      });

    // This and later from 25 October: 11:00 to 17:00, a new name and the template with a galley.
    const change = {
      ...page.body.changeForms[events[3].id],
      name: 'Winter Sunday racing',
      startTime: '11:00',
      endTime: '17:00',
      templateId: 'club-race-with-galley',
    };
    const changed = await admin.post(`/api/admin/event-series/${seriesId}/change`).set(FETCH).send(change);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ changed: 4, slotsAdded: 4, told: { members: 1, dutyHolders: 1 } });
    const after = await app.get('events').listBySeries(seriesId);
    expect(after.map(wall)).toEqual([
      '2026-09-27 10:00',
      '2026-10-04 10:00',
      '2026-10-18 10:00',
      '2026-10-25 11:00',
      '2026-10-31 11:00',
      '2026-11-01 11:00',
      '2026-11-08 11:00',
    ]);
    expect(after.map((e) => e.name)).toEqual([...Array(3).fill('Autumn Sunday racing'), ...Array(4).fill('Winter Sunday racing')]);
    expect(after[3].sequence).toBe(1);
    expect(after[2].sequence).toBe(0);
    // The booked member is told of the new time as for any edit; the held slot stays, with its holder at the new time.
    const mail = (await app.get('outbox').list()).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND);
    expect(mail.map((m) => m.mail.to)).toEqual(['ada@example.org']);
    const roster = await app.get('duties').listSlots(events[4].id);
    // (Sorted: under the test's fixed clock the new slot was made at the same moment as the first.)
    expect(roster.map((s) => [s.dutyTypeId, s.holders.map((h) => h.memberId)]).sort()).toEqual([
      ['galley', []],
      ['race-officer', ['mem-ann']],
      ['safety-boat', []],
    ]);
    expect(roster.find((s) => s.dutyTypeId === 'race-officer')?.holders[0].window.start).toBe(after[4].eventdatetime);
    expect((await app.get('duties').listSlots(events[2].id)).map((s) => s.dutyTypeId)).toEqual(['race-officer', 'safety-boat']);
    expect((await app.get('events').getSeries(seriesId))?.templateId).toBe('club-race-with-galley');
  });

  it('refuses bad input with field messages, and stores nothing', async () => {
    const before = await storedCounts(app);
    const refused = await admin
      .post('/api/admin/event-series')
      .set(FETCH)
      .send({ ...AUTUMN_SERIES, rule: 'FREQ=HOURLY', startTime: '10:70', lastDate: '2026-09-01' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      rule: RECURRENCE_MESSAGES.frequency,
      startTime: SERIES_MESSAGES.timeInvalid,
      lastDate: SERIES_MESSAGES.lastBeforeFirst,
    });
    const unknownTemplate = await admin
      .post('/api/admin/event-series')
      .set(FETCH)
      .send({ ...AUTUMN_SERIES, templateId: 'no-such-template' });
    expect(unknownTemplate.status).toBe(400);
    expect(unknownTemplate.body.fields).toEqual({ templateId: SERIES_MESSAGES.templateNotFound });
    expect((await admin.get('/api/admin/event-series/no-such-series')).status).toBe(404);
    const series = (await admin.get('/api/admin/event-series')).body.series[0];
    const notOurs = await admin
      .post(`/api/admin/event-series/${series.id}/change`)
      .set(FETCH)
      .send({ fromEventId: 'another-event', name: 'X', startTime: '10:00', endTime: '11:00' });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.fields).toEqual({ fromEventId: SERIES_MESSAGES.notInSeries });
    expect(await storedCounts(app)).toEqual(before);
  });

  it('naming a duty template needs duties:write too, as applying one does; without a template events:write is enough', async () => {
    const eventsOnly = await signedInAdmin(app, 'events-only@example.org', ['events:read', 'events:write']);
    const before = await storedCounts(app);
    const refused = await eventsOnly.post('/api/admin/event-series').set(FETCH).send(AUTUMN_SERIES);
    expect(refused.status).toBe(403);
    expect(refused.body.permission).toBe('duties:write');
    expect(await storedCounts(app)).toEqual(before);
    const plain = await eventsOnly
      .post('/api/admin/event-series')
      .set(FETCH)
      .send({ ...AUTUMN_SERIES, templateId: '' });
    expect(plain.status).toBe(201);
    expect(plain.body.events).toHaveLength(7);
    expect(plain.body.slotsAdded).toBe(0);
  });
});

describe('ending a series early', () => {
  it('cancels the chosen date and every later one that stands, each booked member refunded and told; earlier dates stand; again ends nothing more', async () => {
    const created = await admin
      .post('/api/admin/event-series')
      .set(FETCH)
      .send({ ...AUTUMN_SERIES, name: 'Short season', templateId: '', requiresPayment: false });
    expect(created.status).toBe(201);
    const seriesId = created.body.series.id as string;
    const events = (await admin.get(`/api/admin/event-series/${seriesId}`)).body.events as ClubEvent[];
    expect(events).toHaveLength(7);
    // Booked on the fourth and the sixth date; the fifth is cancelled already on its own.
    for (const at of [3, 5]) {
      const booked = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: events[at]!.id, firstName: 'Bea', email: `bea${at}@example.org`, ...ONE_SAILOR });
      expect(booked.status).toBe(201);
    }
    expect((await admin.post(`/api/admin/events/${events[4]!.id}/cancel`).set(FETCH).send({ reason: 'Regatta elsewhere' })).status).toBe(200);
    const mailsBefore = new Set((await app.get('outbox').list({})).map((m) => m.id));
    const newMails = async () => (await app.get('outbox').list({})).filter((m) => !mailsBefore.has(m.id));

    const notOurs = await admin.post(`/api/admin/event-series/${seriesId}/end`).set(FETCH).send({ fromEventId: 'another-event', reason: 'Weed' });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.fields).toEqual({ fromEventId: SERIES_MESSAGES.notInSeries });
    expect((await admin.post('/api/admin/event-series/no-such-series/end').set(FETCH).send({ fromEventId: events[3]!.id, reason: 'Weed' })).status).toBe(404);
    const noReason = await admin.post(`/api/admin/event-series/${seriesId}/end`).set(FETCH).send({ fromEventId: events[3]!.id, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await app.get('events').get(events[3]!.id))!.cancelledAt).toBeNull();

    const ended = await admin
      .post(`/api/admin/event-series/${seriesId}/end`)
      .set(FETCH)
      .send({ fromEventId: events[3]!.id, reason: 'The reservoir is closed for the rest of the season' });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ cancelled: 3, bookingsCancelled: 2, refunded: 0, refundsFailed: 0, refundsByHand: 0 });
    const after = await Promise.all(events.map(async (e) => (await app.get('events').get(e.id))!));
    expect(after.map((e) => e.cancelledAt !== null)).toEqual([false, false, false, true, true, true, true]);
    expect(after[3]!.cancelReason).toBe('The reservoir is closed for the rest of the season');
    expect(after[4]!.cancelReason).toBe('Regatta elsewhere');
    const told = (await newMails()).map((m) => m.mail.to);
    expect(told.sort()).toEqual(['bea3@example.org', 'bea5@example.org']);

    const again = await admin.post(`/api/admin/event-series/${seriesId}/end`).set(FETCH).send({ fromEventId: events[3]!.id, reason: 'Again' });
    expect(again.body).toEqual({ cancelled: 0, bookingsCancelled: 0, refunded: 0, refundsFailed: 0, refundsByHand: 0 });
    expect(await newMails()).toHaveLength(told.length);
  });

  it('needs events:write', async () => {
    const reader = await signedInAdmin(app, 'reader-end@example.org', ['events:read']);
    const series = (await admin.get('/api/admin/event-series')).body.series[0];
    const refused = await reader.post(`/api/admin/event-series/${series.id}/end`).set(FETCH).send({ fromEventId: 'x', reason: 'Weed' });
    expect(refused.status).toBe(403);
  });
});
