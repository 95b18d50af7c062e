import type TestAgent from 'supertest/lib/agent';
import { describe, expect, it } from 'vitest';
import { clubMember } from '../../../support/api/signed-in-member';
import { addEvent, FETCH, NOW, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

/** The admins' duty reports: the day's roster, the season count, the CSV export (today is 1 June 2026). */

let app: TestApp;
let admin: TestAgent;
let race: { id: string };
let slots: { safety: string; galley: string };

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'rota@example.org', ['duties:write', 'events:read']);
  for (const m of [clubMember('ann', 'Ann Helm'), clubMember('bob', 'Bob Stern'), clubMember('cat', 'Cat Bow')]) await app.get('members').create(m);
  const safety = await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Safety boat driver', description: '', qualificationIds: [] });
  const galley = await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Galley', description: '', qualificationIds: [] });
  // Two events on Sat 20 June (London), one on the 21st, one in May (over), one next year.
  race = await addEvent(app, { name: 'Club race', eventdatetime: '2026-06-20T09:00:00.000Z', eventenddatetime: '2026-06-20T12:00:00.000Z' });
  const social = await addEvent(app, { name: 'Barbecue', eventdatetime: '2026-06-20T17:00:00.000Z', eventenddatetime: '2026-06-20T20:00:00.000Z' });
  const sunday = await addEvent(app, { name: 'Sunday race', eventdatetime: '2026-06-21T09:00:00.000Z', eventenddatetime: '2026-06-21T12:00:00.000Z' });
  const may = await addEvent(app, { name: 'May race', eventdatetime: '2026-05-10T09:00:00.000Z', eventenddatetime: '2026-05-10T12:00:00.000Z' });
  const next = await addEvent(app, { name: 'New year race', eventdatetime: '2027-01-02T10:00:00.000Z', eventenddatetime: '2027-01-02T13:00:00.000Z' });
  const slot = async (eventId: string, dutyTypeId: string, needed: number, optional = false) =>
    (await admin.post(`/api/admin/duties/events/${eventId}/slots`).set(FETCH).send({ dutyTypeId, needed, optional })).body.id as string;
  slots = { safety: await slot(race.id, safety.body.id, 2), galley: await slot(social.id, galley.body.id, 1, true) };
  const sundaySlot = await slot(sunday.id, safety.body.id, 1);
  const nextSlot = await slot(next.id, safety.body.id, 1);
  const maySlot = await slot(may.id, galley.body.id, 1);
  const assign = async (slotId: string, memberId: string) =>
    expect((await admin.post(`/api/admin/duties/slots/${slotId}/assignments`).set(FETCH).send({ memberId })).status).toBe(201);
  await assign(slots.safety, 'ann');
  await assign(slots.galley, 'bob');
  await assign(sundaySlot, 'ann');
  await assign(nextSlot, 'cat');
  // The May race is over: its duty is stored as it was.
  await app
    .get('duties')
    .assign({
      slotId: maySlot,
      memberId: 'ann',
      eventId: may.id,
      window: { start: '2026-05-10T09:00:00.000Z', end: '2026-05-10T12:00:00.000Z' },
      assignedAt: NOW,
      overrideReason: null,
    });
});

describe('the roster of a day', () => {
  it('lists every event of the London day by start, with its slots, holders and light', async () => {
    const res = await admin.get('/api/admin/duties/days/2026-06-20');
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-06-20');
    expect(res.body.events.map((e: { name: string; light: string }) => [e.name, e.light])).toEqual([
      ['Club race', 'red'],
      ['Barbecue', 'green'],
    ]);
    expect(res.body.events[0].slots).toEqual([
      { id: slots.safety, dutyTypeName: 'Safety boat driver', needed: 2, optional: false, holders: [{ memberId: 'ann', name: 'Ann Helm' }] },
    ]);
    expect((await admin.get('/api/admin/duties/days/2026-06-22')).body.events).toEqual([]);
    const bad = await admin.get('/api/admin/duties/days/2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Give a date as YYYY-MM-DD');
  });
});

describe('the season count', () => {
  it('counts each member’s duties in the calendar year by default, and in a range given', async () => {
    const year = await admin.get('/api/admin/duties/counts');
    expect(year.status).toBe(200);
    expect([year.body.from, year.body.to]).toEqual(['2026-01-01', '2026-12-31']);
    expect(year.body.members.map((m: { name: string; duties: number; upcoming: number }) => [m.name, m.duties, m.upcoming])).toEqual([
      ['Ann Helm', 3, 2],
      ['Bob Stern', 1, 1],
      ['Cat Bow', 0, 0],
    ]);
    expect(year.body.households.find((h: { memberId: string }) => h.memberId === 'ann')).toEqual({
      memberId: 'ann',
      name: 'Ann Helm',
      people: 1,
      duties: 3,
      upcoming: 2,
    });
    const june = await admin.get('/api/admin/duties/counts?from=2026-06-01&to=2027-06-30');
    expect(june.body.members.map((m: { memberId: string; duties: number }) => [m.memberId, m.duties])).toEqual([
      ['ann', 2],
      ['bob', 1],
      ['cat', 1],
    ]);
    const backwards = await admin.get('/api/admin/duties/counts?from=2026-06-01&to=2026-05-31');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ to: 'The end date must be on or after the start date' });
  });
});

describe('the CSV export', () => {
  it('has a line per duty held in the range: event, date, duty, member, e-mail', async () => {
    const res = await admin.get('/api/admin/duties/export.csv?from=2026-06-01&to=2026-06-30');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="duties_2026-06-01_2026-06-30.csv"');
    expect(res.text.split('\r\n')).toEqual([
      'Event,Date,Duty,Member,Email',
      'Club race,2026-06-20 10:00,Safety boat driver,Ann Helm,ann@club.example',
      'Barbecue,2026-06-20 18:00,Galley,Bob Stern,bob@club.example',
      'Sunday race,2026-06-21 10:00,Safety boat driver,Ann Helm,ann@club.example',
      '',
    ]);
  });
});
