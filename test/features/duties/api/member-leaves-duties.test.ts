import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type { Member } from '../../../../core/members/member';
import { DUTIES_RELEASED_MAIL_KIND } from '../../../../core/duties/member-duty-release';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

// A member who leaves (disabled by an admin, erased on their own request or by an admin) gives up
// their duties still to come in the same write: the staffing light turns red, and each admin with
// duties:write gets one e-mail listing the released slots (docs/duties.md#when-a-member-leaves).
// Today is 1 June 2026.

let app: TestApp;
let officer: TestAgent;
let galleyTypeId: string;
let officerTypeId: string;

useTestApp({}, async (started) => {
  app = started;
  officer = await signedInAdmin(app, 'officer@example.org', ['duties:write', 'members:write', 'privacy:manage', 'events:read']);
  await signedInAdmin(app, 'rosters@example.org', ['duties:write']);
  await signedInAdmin(app, 'treasurer@example.org', ['bookings:read']);
  officerTypeId = (await officer.post('/api/admin/duties/types').set(FETCH).send({ name: 'Race officer', description: '', qualificationIds: [] })).body.id;
  galleyTypeId = (await officer.post('/api/admin/duties/types').set(FETCH).send({ name: 'Galley', description: '', qualificationIds: [] })).body.id;
});

/** An event (upcoming unless told) with a race officer slot the event cannot run without and an optional galley slot, the member holding the officer's. */
async function eventOnDuty(member: Member, name: string, start = '2026-07-04T09:00:00.000Z'): Promise<{ eventId: string; slotId: string }> {
  const event = await addEvent(app, { name, eventdatetime: start, eventenddatetime: new Date(Date.parse(start) + 7 * 3_600_000).toISOString() });
  const slot = (await officer.post(`/api/admin/duties/events/${event.id}/slots`).set(FETCH).send({ dutyTypeId: officerTypeId, needed: 1, optional: false }))
    .body;
  await officer.post(`/api/admin/duties/events/${event.id}/slots`).set(FETCH).send({ dutyTypeId: galleyTypeId, needed: 1, optional: true });
  const assigned = await officer
    .post(`/api/admin/duties/slots/${slot.id}/assignments`)
    .set(FETCH)
    .send({ memberId: member.id, overrideReason: 'Runs every race' });
  expect(assigned.status).toBe(201);
  return { eventId: event.id, slotId: slot.id };
}

async function rosterOf(eventId: string): Promise<{ light: string; slots: { dutyTypeName: string; holders: { memberId: string; name: string }[] }[] }> {
  const res = await officer.get(`/api/admin/duties/events/${eventId}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function releaseMails() {
  return (await app.get('outbox').list()).filter((message) => message.kind === DUTIES_RELEASED_MAIL_KIND);
}

/** The release mails' ids now, to tell the ones a step adds (the outbox lists by time, then id: not in the order written). */
async function releaseMailIds(): Promise<ReadonlySet<string>> {
  return new Set((await releaseMails()).map((message) => message.id));
}

async function releaseMailsSince(before: ReadonlySet<string>) {
  return (await releaseMails()).filter((message) => !before.has(message.id));
}

/** The member's duties at `upcoming` are released, the past one stays; one e-mail to each duty admin names every released slot. */
async function expectReleased(
  member: Member,
  upcoming: { eventId: string }[],
  past: { eventId: string; slotId: string },
  mailsBefore: ReadonlySet<string>,
  names: string[],
) {
  for (const { eventId } of upcoming) {
    const roster = await rosterOf(eventId);
    expect(roster.light).toBe('red');
    expect(roster.slots.find((slot) => slot.dutyTypeName === 'Race officer')?.holders).toEqual([]);
  }
  expect((await app.get('duties').listMemberDuties(member.id)).map((duty) => duty.slotId)).toEqual([past.slotId]);
  const mails = await releaseMailsSince(mailsBefore);
  expect(mails.map((message) => message.mail.to).sort()).toEqual(['officer@example.org', 'rosters@example.org']);
  for (const message of mails) {
    expect(message.mail.subject).toBe(`Duties released: ${upcoming.length} slots need a member`);
    for (const name of names) expect(message.mail.text).toContain(name);
    expect(message.mail.text.match(/Race officer/g)).toHaveLength(upcoming.length);
  }
}

describe('a member who leaves gives up their duties still to come', () => {
  it('an admin disables a member: their upcoming duties are released in the same write, each duty admin is e-mailed once', async () => {
    const bob = await addListedMember(app, { name: 'Bob Stern' });
    const past = await eventOnDuty(bob, 'Spring series', '2026-05-02T09:00:00.000Z');
    const races = [await eventOnDuty(bob, 'Summer regatta'), await eventOnDuty(bob, 'Autumn series', '2026-09-05T09:00:00.000Z')];
    expect((await rosterOf(races[0].eventId)).light).toBe('amber');
    // The member list says beforehand how many duties disabling releases (the past one is not among them).
    expect((await officer.get('/api/admin/members')).body.upcomingDuties[bob.id]).toBe(2);
    const before = await releaseMailIds();

    const res = await officer.patch(`/api/admin/members/${bob.id}`).set(FETCH).send({ disabled: true });
    expect(res.status).toBe(200);
    await expectReleased(bob, races, past, before, ['Bob Stern', 'Summer regatta', 'Autumn series']);
    expect((await officer.get('/api/admin/members')).body.upcomingDuties[bob.id]).toBeUndefined();
    // Disabling again, or enabling, releases and writes nothing more.
    expect((await officer.patch(`/api/admin/members/${bob.id}`).set(FETCH).send({ disabled: true })).status).toBe(200);
    expect((await officer.patch(`/api/admin/members/${bob.id}`).set(FETCH).send({ disabled: false })).status).toBe(200);
    expect((await releaseMails()).length).toBe(before.size + 2);
  });

  it('a member erases their own data: no duty is held by their pseudonym, the duty admins are told', async () => {
    const ann = await addListedMember(app, { name: 'Annwen Quillfeather', email: 'annwen@example.org' });
    const agent = await signedInMember(app, ann);
    const past = await eventOnDuty(ann, 'Easter series', '2026-04-04T09:00:00.000Z');
    const races = [
      await eventOnDuty(ann, 'Club championship', '2026-07-11T09:00:00.000Z'),
      await eventOnDuty(ann, 'Round the island', '2026-08-01T09:00:00.000Z'),
    ];
    const before = await releaseMailIds();

    expect((await agent.post('/api/my/erase').set(FETCH).send({ confirm: true })).status).toBe(200);
    await expectReleased(ann, races, past, before, ['Club championship', 'Round the island']);
    for (const { eventId } of races) expect(JSON.stringify(await rosterOf(eventId))).not.toMatch(/Person [0-9a-f]{12}/);
    // The e-mail names the pseudonym, never the erased name.
    for (const message of await releaseMailsSince(before)) expect(message.mail.text).not.toContain('Quillfeather');
  });

  it('an admin erases a member on request: the same release', async () => {
    const cat = await addListedMember(app, { name: 'Cat Bow', email: 'cat.bow@example.org' });
    const past = await eventOnDuty(cat, 'Frostbite', '2026-03-07T09:00:00.000Z');
    const races = [await eventOnDuty(cat, 'Twilight race', '2026-06-17T17:00:00.000Z'), await eventOnDuty(cat, 'Pursuit race', '2026-06-24T17:00:00.000Z')];
    const before = await releaseMailIds();

    expect((await officer.post('/api/admin/privacy/erase').set(FETCH).send({ email: 'Cat.Bow@example.org' })).status).toBe(200);
    await expectReleased(cat, races, past, before, ['Twilight race', 'Pursuit race']);
  });

  it('a member without duties to come leaves without e-mailing anyone', async () => {
    const dan = await addListedMember(app, { name: 'Dan Keel' });
    const before = await releaseMailIds();
    expect((await officer.patch(`/api/admin/members/${dan.id}`).set(FETCH).send({ disabled: true })).status).toBe(200);
    expect((await releaseMails()).length).toBe(before.size);
  });

  it('the nightly run anonymising a lapsed member first releases a duty still to come they held by override, naming only their pseudonym', async () => {
    const lee = await addListedMember(app, { name: 'Leopold Lapsed', email: 'leopold.lapsed@example.org', renewalDate: '2024-03-31' });
    const past = await eventOnDuty(lee, 'Winter series', '2026-02-07T09:00:00.000Z');
    const races = [await eventOnDuty(lee, 'Harbour race', '2026-07-18T09:00:00.000Z'), await eventOnDuty(lee, 'Regatta week', '2026-08-08T09:00:00.000Z')];
    const before = await releaseMailIds();

    await app.built.ports.useCase(ApplyRetention).execute();
    expect(await app.get('members').get(lee.id)).toMatchObject({ name: 'Anonymised' });
    await expectReleased(lee, races, past, before, ['Harbour race', 'Regatta week', 'was anonymised by the retention schedule']);
    for (const message of await releaseMailsSince(before)) {
      expect(message.mail.text).toMatch(/Person [0-9a-f]{12} was anonymised/);
      expect(message.mail.text).not.toContain('Leopold');
    }
  });

  it('a swap request of a released duty hands nothing over: not when the member is disabled, nor after they are enabled and given the slot again', async () => {
    const ann = await addListedMember(app, { name: 'Ann Swapper' });
    const bea = await addListedMember(app, { name: 'Bea Taker' });
    const race = await eventOnDuty(ann, 'Harbour race');
    const [annAgent, beaAgent] = [await signedInMember(app, ann), await signedInMember(app, bea)];
    const asked = await annAgent.post(`/api/my/duties/${race.slotId}/swap`).set(FETCH).send({ toMemberId: null });
    expect(asked.status).toBe(201);
    const swapId = asked.body.swap.id;

    // A minute on (the clock is fixed): the member is released, and given the slot again, after asking.
    app.clock.advance(60_000);
    expect((await officer.patch(`/api/admin/members/${ann.id}`).set(FETCH).send({ disabled: true })).status).toBe(200);
    expect((await beaAgent.get(`/api/my/duty-swaps/${swapId}`)).body.refusal).toBe('This duty is no longer offered');
    // Enabled and given the same slot again: the old request was for the holding released, not this one.
    expect((await officer.patch(`/api/admin/members/${ann.id}`).set(FETCH).send({ disabled: false })).status).toBe(200);
    expect(
      (await officer.post(`/api/admin/duties/slots/${race.slotId}/assignments`).set(FETCH).send({ memberId: ann.id, overrideReason: 'Back again' })).status,
    ).toBe(201);
    expect((await beaAgent.get(`/api/my/duty-swaps/${swapId}`)).body.refusal).toBe('This duty is no longer offered');
    const taken = await beaAgent.post(`/api/my/duty-swaps/${swapId}/accept`).set(FETCH).send({});
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('This duty is no longer offered');
    expect((await rosterOf(race.eventId)).slots.find((slot) => slot.dutyTypeName === 'Race officer')?.holders.map((h) => h.memberId)).toEqual([ann.id]);
    // Her duty shows no request, and she may ask for a swap of it afresh.
    expect((await annAgent.get('/api/my/duties')).body.duties.find((d: { slotId: string }) => d.slotId === race.slotId).swapId).toBeNull();
    const again = await annAgent.post(`/api/my/duties/${race.slotId}/swap`).set(FETCH).send({ toMemberId: null });
    expect(again.status).toBe(201);
    expect((await beaAgent.get(`/api/my/duty-swaps/${again.body.swap.id}`)).body.refusal).toBeNull();
  });
});
