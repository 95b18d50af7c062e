import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { aMembershipCategory } from '../../../support/entities';
import type { Member } from '../../../../core/members/member';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';

// Availability, wishes, quotas and the season's rota (docs/duties.md, "Availability, wishes and
// quotas"), on SQLite and (--project api-firestore) the Firestore emulator. Today is 1 June 2026:
// the season is the membership year, 1 April 2026 to 31 March 2027.
let app: TestApp;
let admin: TestAgent;
let galley: { id: string; name: string };
let safety: { id: string; name: string };

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'duties@example.org', ['duties:write', 'events:read']);
  galley = (await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Galley', description: 'Teas', qualificationIds: [] })).body;
  safety = (await admin.post('/api/admin/duties/types').set(FETCH).send({ name: 'Safety boat', description: 'RIB', qualificationIds: [] })).body;
  const at = '2026-11-27T10:00:00.000Z';
  await app
    .get('membership')
    .createCategory(aMembershipCategory({ id: 'family', name: 'Family', coversHousehold: true, dutiesPerSeason: 3, createdAt: at, updatedAt: at }));
  await app.get('membership').createCategory(aMembershipCategory({ id: 'adult', name: 'Adult', dutiesPerSeason: 2, createdAt: at, updatedAt: at }));
});

/** Two members of one household (Ann its contact), signed in. */
async function aHousehold(last: string): Promise<{ ann: TestAgent; bob: TestAgent; annMember: Member; bobMember: Member }> {
  const annMember = await addListedMember(app, { name: `Ann ${last}`, membershipType: 'Family' });
  const bobMember = await addListedMember(app, { name: `Bob ${last}`, membershipType: 'Family' });
  const ann = await signedInMember(app, annMember);
  const bob = await signedInMember(app, bobMember);
  const invited = await ann.post('/api/my/household/invitations').set(FETCH).send({ email: bobMember.email });
  expect(invited.status).toBe(201);
  expect((await bob.post(`/api/my/household/invitations/${invited.body.invitationId}/accept`).set(FETCH).send({})).status).toBe(200);
  return { ann, bob, annMember, bobMember };
}

/** An event on a London date with one galley slot held by the given members (stored as an admin's assignment). */
async function eventWithGalley(date: string, holders: readonly Member[], needed = 2) {
  const event = await addEvent(app, { eventdatetime: `${date}T09:00:00.000Z`, eventenddatetime: `${date}T16:00:00.000Z` });
  const slot = (await admin.post(`/api/admin/duties/events/${event.id}/slots`).set(FETCH).send({ dutyTypeId: galley.id, needed, optional: false })).body;
  const window = { start: `${date}T09:00:00.000Z`, end: `${date}T16:00:00.000Z` };
  for (const member of holders) {
    await app
      .get('duties')
      .assign({ slotId: slot.id, memberId: member.id, eventId: event.id, window, assignedAt: '2026-04-02T10:00:00.000Z', overrideReason: null });
  }
  return { event, slot };
}

describe("a member's availability and wishes", () => {
  it("sets their own, reads them back with the season's event dates, and the household sees each member's together", async () => {
    const { ann, bob, annMember, bobMember } = await aHousehold('Harbour');
    const { event } = await eventWithGalley('2026-07-04', []);
    const empty = (await ann.get('/api/my/availability')).body;
    expect(empty.season).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(empty.dates).toContainEqual({ date: '2026-07-04', events: expect.arrayContaining([{ id: event.id, name: event.name }]) });
    expect(empty.dutyTypes).toEqual(expect.arrayContaining([{ id: galley.id, name: 'Galley' }]));
    expect(empty.mine).toEqual({ unavailable: [], wishes: [], updatedAt: null });

    const set = await ann
      .put('/api/my/availability')
      .set(FETCH)
      .send({
        unavailable: ['2026-07-04', '2026-05-02', '2026-07-04'],
        wishes: [
          { dutyTypeId: safety.id, wish: 'rather-not' },
          { dutyTypeId: galley.id, wish: 'prefer' },
        ],
      });
    expect(set.status).toBe(200);
    expect(set.body.mine).toEqual({
      unavailable: ['2026-05-02', '2026-07-04'],
      wishes: [
        { dutyTypeId: galley.id, wish: 'prefer' },
        { dutyTypeId: safety.id, wish: 'rather-not' },
      ].sort((a, b) => (a.dutyTypeId < b.dutyTypeId ? -1 : 1)),
      updatedAt: app.clock.now().toISOString(),
    });
    expect(
      (
        await bob
          .put('/api/my/availability')
          .set(FETCH)
          .send({ unavailable: ['2026-08-15'], wishes: [] })
      ).status,
    ).toBe(200);

    // Each member of the household sees both, themselves first; neither can change the other's.
    const seenByBob = (await bob.get('/api/my/availability')).body;
    expect(seenByBob.mine.unavailable).toEqual(['2026-08-15']);
    expect(seenByBob.household).toEqual([
      { memberId: bobMember.id, name: 'Bob Harbour', you: true, unavailable: ['2026-08-15'], wishes: [] },
      { memberId: annMember.id, name: 'Ann Harbour', you: false, unavailable: ['2026-05-02', '2026-07-04'], wishes: set.body.mine.wishes },
    ]);
    expect((await ann.get('/api/my/availability')).body.household.map((h: { name: string }) => h.name)).toEqual(['Ann Harbour', 'Bob Harbour']);

    // A member of no household sees only their own: never Ann's or Bob's.
    const cat = await signedInMember(app, await addListedMember(app, { name: 'Cat Outsider' }));
    const catView = (await cat.get('/api/my/availability')).body;
    expect(catView.household).toEqual([]);
    expect(JSON.stringify(catView)).not.toContain('2026-08-15');
  });

  it('refuses dates outside the season, dates that are none, unknown duty types and two wishes for one, storing nothing', async () => {
    const dan = await signedInMember(app, await addListedMember(app));
    const before = (
      await dan
        .put('/api/my/availability')
        .set(FETCH)
        .send({ unavailable: ['2026-06-10'], wishes: [] })
    ).body.mine;
    const refusals: [unknown, string][] = [
      [{ unavailable: ['2027-04-01'], wishes: [] }, 'Choose dates within this season, 2026-04-01 to 2027-03-31'],
      [{ unavailable: ['2026-03-31'], wishes: [] }, 'Choose dates within this season, 2026-04-01 to 2027-03-31'],
      [{ unavailable: ['2026-02-30'], wishes: [] }, 'Give dates as YYYY-MM-DD'],
      [{ unavailable: ['2026-13-01'], wishes: [] }, 'Give dates as YYYY-MM-DD'],
      [{ unavailable: [], wishes: [{ dutyTypeId: 'no-such-type', wish: 'prefer' }] }, 'Choose duty types from the list'],
      [
        {
          unavailable: [],
          wishes: [
            { dutyTypeId: galley.id, wish: 'prefer' },
            { dutyTypeId: galley.id, wish: 'rather-not' },
          ],
        },
        'Give one wish per duty type',
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await dan
        .put('/api/my/availability')
        .set(FETCH)
        .send(body as object);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    for (const body of [
      { unavailable: '2026-06-10', wishes: [] },
      { unavailable: [], wishes: [{ dutyTypeId: galley.id, wish: 'maybe' }] },
      { unavailable: [] },
      {},
    ]) {
      expect((await dan.put('/api/my/availability').set(FETCH).send(body)).status).toBe(400);
    }
    expect((await dan.get('/api/my/availability')).body.mine).toEqual(before);
    // Without a member session, or without the page's fetch header, nothing is read or stored.
    expect((await app.agent().get('/api/my/availability')).status).toBe(401);
    expect((await dan.put('/api/my/availability').send({ unavailable: [], wishes: [] })).status).toBe(403);
    expect((await dan.get('/api/my/availability')).body.mine).toEqual(before);
  });

  it("lets admins with duties:write read everyone's for the season, and nobody else", async () => {
    const eve = await addListedMember(app, { name: 'Eve Planner' });
    const eveAgent = await signedInMember(app, eve);
    await eveAgent
      .put('/api/my/availability')
      .set(FETCH)
      .send({ unavailable: ['2026-09-05'], wishes: [{ dutyTypeId: galley.id, wish: 'prefer' }] });
    const all = await admin.get('/api/admin/duties/availability');
    expect(all.status).toBe(200);
    expect(all.body.season).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(all.body.members).toContainEqual({
      memberId: eve.id,
      name: 'Eve Planner',
      unavailable: ['2026-09-05'],
      wishes: [{ dutyTypeId: galley.id, wish: 'prefer' }],
      updatedAt: app.clock.now().toISOString(),
    });
    const ids = (all.body.members as { memberId: string }[]).map((m) => m.memberId);
    expect(ids).toEqual([...ids].sort());
    const reader = await signedInAdmin(app, 'events-only@example.org', ['events:read']);
    expect((await reader.get('/api/admin/duties/availability')).status).toBe(403);
    expect((await eveAgent.get('/api/admin/duties/availability')).status).toBe(401);
  });
});

describe('retention', () => {
  it("the nightly run deletes availability of seasons that have ended, keeps this season's, and counts them", async () => {
    const fay = await addListedMember(app, { name: 'Fay Former' });
    const last = { memberId: fay.id, seasonStart: '2025-04-01', unavailable: ['2025-07-05'], wishes: [], updatedAt: '2025-05-01T09:00:00.000Z' };
    const now = { ...last, seasonStart: '2026-04-01', unavailable: ['2026-07-04'], updatedAt: '2026-05-01T09:00:00.000Z' };
    await app.get('availability').put(last);
    await app.get('availability').put(now);
    await app.built.ports.useCase(ApplyRetention).execute();
    expect(await app.get('availability').get(fay.id, '2025-04-01')).toBeNull();
    expect(await app.get('availability').get(fay.id, '2026-04-01')).toEqual(now);
    const run = (await app.get('audit').list({ limit: 50 })).find((entry) => entry.action === 'retention.applied');
    expect(run?.changes.find((change) => change.field === 'pastAvailability')?.after).toBe(1);
    expect(run?.summary).toContain('availability of past seasons 1');
  });
});

describe("quotas and the season's rota", () => {
  it("counts a household's duties of the season against its category's quota: done before today, pledged from today", async () => {
    const { ann, bob, annMember, bobMember } = await aHousehold('Quota');
    await eventWithGalley('2026-05-02', [annMember]);
    await eventWithGalley('2026-07-11', [bobMember]);
    await eventWithGalley('2026-03-28', [annMember]); // last season: not counted
    await eventWithGalley('2027-04-03', [bobMember]); // next season: not counted
    const expected = { season: { start: '2026-04-01', end: '2027-03-31' }, scope: 'household', expected: 3, done: 1, pledged: 1, category: 'Family' };
    expect((await ann.get('/api/my/duty-quota')).body).toEqual(expected);
    expect((await bob.get('/api/my/duty-quota')).body).toEqual(expected);
    // An adult member counts their own only.
    const solo = await addListedMember(app, { name: 'Sol Single' });
    await eventWithGalley('2026-08-01', [solo]);
    expect((await (await signedInMember(app, solo)).get('/api/my/duty-quota')).body).toMatchObject({
      scope: 'member',
      expected: 2,
      done: 0,
      pledged: 1,
      category: 'Adult',
    });
    expect((await app.agent().get('/api/my/duty-quota')).status).toBe(401);
  });

  it('shows members every event of the season with duties, past ones too, holders by first name and last initial', async () => {
    const holder = await addListedMember(app, { name: 'Rosalind Mary Kettlewell' });
    const past = await eventWithGalley('2026-04-18', [holder]);
    const later = await eventWithGalley('2026-10-03', []);
    const nextSeason = await eventWithGalley('2027-05-01', [holder]);
    const viewer = await signedInMember(app, await addListedMember(app));
    const rota = (await viewer.get('/api/my/rota')).body;
    expect(rota.season).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    const ids = (rota.events as { eventId: string }[]).map((e) => e.eventId);
    expect(ids).toEqual(expect.arrayContaining([past.event.id, later.event.id]));
    expect(ids).not.toContain(nextSeason.event.id);
    expect(ids.indexOf(past.event.id)).toBeLessThan(ids.indexOf(later.event.id));
    const shown = rota.events.find((e: { eventId: string }) => e.eventId === past.event.id);
    expect(shown).toEqual({
      eventId: past.event.id,
      eventName: past.event.name,
      start: '2026-04-18T09:00:00.000Z',
      end: '2026-04-18T16:00:00.000Z',
      slots: [{ slotId: past.slot.id, dutyTypeName: 'Galley', needed: 2, optional: false, holders: ['Rosalind K.'] }],
    });
    expect(JSON.stringify(rota)).not.toContain('Kettlewell');
    expect((await app.agent().get('/api/my/rota')).status).toBe(401);
  });
});
