import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

// The members' duties page's API (docs/duties.md, "For members"); today is 1 June 2026.
let app: TestApp;
let admin: TestAgent;

useTestApp({ env: { TRUST_PROXY: '1' } }, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'duties@example.org', ['duties:write', 'events:read']);
});

/** A race with a safety boat slot (needs Powerboat Level 2; `needed` of them) and a galley slot (1). */
async function race(needed = 1, at = '2026-07-04') {
  const stamp = Math.random().toString(36).slice(2, 8);
  const pb2 = (
    await admin
      .post('/api/admin/duties/qualifications')
      .set(FETCH)
      .send({ name: `Powerboat ${stamp}`, validityMonths: null })
  ).body;
  const safety = (
    await admin
      .post('/api/admin/duties/types')
      .set(FETCH)
      .send({ name: `Safety ${stamp}`, description: 'Drives the RIB', qualificationIds: [pb2.id] })
  ).body;
  const galley = (
    await admin
      .post('/api/admin/duties/types')
      .set(FETCH)
      .send({ name: `Galley ${stamp}`, description: 'Teas', qualificationIds: [] })
  ).body;
  const event = await addEvent(app, { eventdatetime: `${at}T09:00:00.000Z`, eventenddatetime: `${at}T16:00:00.000Z` });
  const safetySlot = (await admin.post(`/api/admin/duties/events/${event.id}/slots`).set(FETCH).send({ dutyTypeId: safety.id, needed, optional: false })).body;
  const galleySlot = (await admin.post(`/api/admin/duties/events/${event.id}/slots`).set(FETCH).send({ dutyTypeId: galley.id, needed: 1, optional: true }))
    .body;
  const qualify = (memberId: string) => admin.put(`/api/admin/duties/member-qualifications/${memberId}/${pb2.id}`).set(FETCH).send({ expiresOn: at });
  return { event, safetySlot, galleySlot, qualify, safety, galley, pb2 };
}

describe('a member’s duties', () => {
  it('sees the open slots they are eligible for, volunteers, is on one duty at a time, and withdraws', async () => {
    const annMember = await addListedMember(app);
    const ann = await signedInMember(app, annMember);
    const { event, safetySlot, galleySlot, qualify, safety, pb2 } = await race();
    const openIds = async (agent: TestAgent) =>
      ((await agent.get('/api/my/duties')).body.open as { slotId: string }[])
        .map((d) => d.slotId)
        .filter((id) => [safetySlot.id, galleySlot.id].includes(id))
        .sort();
    expect(await openIds(ann)).toEqual([galleySlot.id]);
    expect((await ann.post(`/api/my/duties/${safetySlot.id}`).set(FETCH)).body.error).toBe(`This member is not eligible for this duty: Needs ${pb2.name}`);
    expect((await qualify(annMember.id)).status).toBe(200);
    expect(await openIds(ann)).toEqual([safetySlot.id, galleySlot.id].sort());

    const took = await ann.post(`/api/my/duties/${safetySlot.id}`).set(FETCH);
    expect(took.status).toBe(201);
    expect(took.body).toEqual({ slotId: safetySlot.id, eventId: event.id });
    const page = (await ann.get('/api/my/duties')).body;
    expect(page.duties).toEqual([
      {
        slotId: safetySlot.id,
        dutyTypeName: safety.name,
        eventId: event.id,
        eventName: event.name,
        start: '2026-07-04T09:00:00.000Z',
        end: '2026-07-04T16:00:00.000Z',
        swapId: null,
      },
    ]);
    expect(await openIds(ann)).toEqual([]);
    expect((await ann.post(`/api/my/duties/${galleySlot.id}`).set(FETCH)).body.error).toBe('This member is already on a duty at that time');
    const roster = (await admin.get(`/api/admin/duties/events/${event.id}`)).body;
    expect(roster.slots.find((s: { id: string }) => s.id === safetySlot.id).holders.map((h: { memberId: string }) => h.memberId)).toEqual([annMember.id]);

    // Another member cannot take Ann off; Ann can, once.
    const bob = await signedInMember(app, await addListedMember(app));
    expect((await bob.delete(`/api/my/duties/${safetySlot.id}`).set(FETCH)).body.error).toBe('You do not hold this duty');
    expect((await ann.delete(`/api/my/duties/${safetySlot.id}`).set(FETCH)).status).toBe(204);
    expect((await ann.delete(`/api/my/duties/${safetySlot.id}`).set(FETCH)).status).toBe(404);
    expect((await ann.get('/api/my/duties')).body.duties).toEqual([]);
  });

  it('four members volunteering at once for a 2-person slot fill it exactly', async () => {
    const { event, safetySlot, qualify } = await race(2, '2026-08-01');
    const members = await Promise.all(Array.from({ length: 4 }, () => addListedMember(app)));
    for (const m of members) await qualify(m.id);
    const agents: TestAgent[] = [];
    for (const m of members) agents.push(await signedInMember(app, m));
    const answers = await Promise.all(agents.map((agent) => agent.post(`/api/my/duties/${safetySlot.id}`).set(FETCH)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(['This duty is already filled', 'This duty is already filled']);
    const roster = (await admin.get(`/api/admin/duties/events/${event.id}`)).body;
    expect(roster.slots.find((s: { id: string }) => s.id === safetySlot.id).holders).toHaveLength(2);
  });

  it('needs a member session (an admin’s is not one) and, to write, a request from the site', async () => {
    const { galleySlot } = await race(1, '2026-08-08');
    for (const agent of [app.agent(), admin]) {
      expect((await agent.get('/api/my/duties')).body).toEqual({ error: 'Please sign in' });
      expect((await agent.post(`/api/my/duties/${galleySlot.id}`).set(FETCH)).status).toBe(401);
      expect((await agent.delete(`/api/my/duties/${galleySlot.id}`).set(FETCH)).status).toBe(401);
    }
    const cat = await signedInMember(app, await addListedMember(app));
    expect((await cat.post(`/api/my/duties/${galleySlot.id}`)).status).toBe(403);
    expect((await cat.post(`/api/my/duties/${galleySlot.id}`).set(FETCH).set('Origin', 'https://evil.example')).status).toBe(403);
    expect((await cat.post('/api/my/duties/no-such-slot').set(FETCH)).body).toEqual({ error: 'Duty slot not found' });
    expect((await app.get('duties').getSlot(galleySlot.id))!.holders).toEqual([]);
  });
});

describe('the rota on the duties page', () => {
  it('shows every slot of an event with its holders by first name and last initial, and why the member cannot take one', async () => {
    const { event, safetySlot, galleySlot, qualify, safety, galley, pb2 } = await race(2, '2026-09-05');
    const [annMember, bobMember, catMember] = await Promise.all([
      addListedMember(app, { name: 'Ann Helm' }),
      addListedMember(app, { name: 'Bob van Stern' }),
      addListedMember(app, { name: 'Cat Bow' }),
    ]);
    const [ann, bob] = [await signedInMember(app, annMember), await signedInMember(app, bobMember)];
    await qualify(bobMember.id);
    expect((await bob.post(`/api/my/duties/${safetySlot.id}`).set(FETCH)).status).toBe(201);
    expect((await admin.post(`/api/admin/duties/slots/${galleySlot.id}/assignments`).set(FETCH).send({ memberId: catMember.id })).status).toBe(201);

    type Slot = { slotId: string; refusal: string | null };
    const rotaOf = async (agent: TestAgent) => {
      const shown = ((await agent.get('/api/my/duties')).body.rota as { eventId: string; slots: Slot[] }[]).find((e) => e.eventId === event.id)!;
      // The roster's order (by when each slot was added): here, by slot.
      return { ...shown, slots: [...shown.slots].sort((a, b) => (a.slotId === safetySlot.id ? -1 : b.slotId === safetySlot.id ? 1 : 0)) };
    };
    // Ann lacks Powerboat Level 2: the safety boat is shown with the reason, not hidden; the galley is filled.
    expect(await rotaOf(ann)).toEqual({
      eventId: event.id,
      eventName: event.name,
      start: '2026-09-05T09:00:00.000Z',
      end: '2026-09-05T16:00:00.000Z',
      slots: [
        {
          slotId: safetySlot.id,
          dutyTypeName: safety.name,
          description: 'Drives the RIB',
          needed: 2,
          optional: false,
          holders: ['Bob S.'],
          refusal: `Needs ${pb2.name}`,
        },
        { slotId: galleySlot.id, dutyTypeName: galley.name, description: 'Teas', needed: 1, optional: true, holders: ['Cat B.'], refusal: 'Filled' },
      ],
    });
    expect((await ann.get('/api/my/duties')).body.open.map((d: { slotId: string }) => d.slotId)).not.toContain(safetySlot.id);
    expect(await rotaOf(bob)).toMatchObject({ slots: [{ holders: ['Bob S.'], refusal: 'You are on this duty' }, { refusal: 'Filled' }] });
    // Members see no full name of another member; admins' roster keeps them.
    const page = JSON.stringify((await ann.get('/api/my/duties')).body);
    for (const full of ['Bob van Stern', 'Cat Bow', 'Stern']) expect(page).not.toContain(full);

    await qualify(annMember.id);
    expect((await rotaOf(ann))!).toMatchObject({ slots: [{ refusal: null }, { refusal: 'Filled' }] });
  });
});
