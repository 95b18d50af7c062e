import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { clubMember } from '../../../support/api/signed-in-member';
import { VolunteerForDuty } from '../../../../core/duties/volunteer-for-duty';

/** The admin's duty endpoints, end to end (today is 1 June 2026; the race is on 4 July). */

let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'duties@example.org', ['duties:write', 'events:read']);
  for (const m of [clubMember('ann', 'Ann Helm'), clubMember('bob', 'Bob Stern'), clubMember('cat', 'Cat Bow'), clubMember('dan', 'Dan Keel')])
    await app.get('members').create(m);
});

async function post(path: string, body: object) {
  return admin.post(path).set(FETCH).send(body);
}

describe('setting up duties and staffing an event', () => {
  it('an admin sets up a qualification, a duty type needing it and a template, applies it; the light goes from red to green', async () => {
    const pb2 = await post('/api/admin/duties/qualifications', { name: 'Powerboat Level 2', validityMonths: null });
    expect(pb2.status).toBe(201);
    const safety = await post('/api/admin/duties/types', { name: 'Safety boat driver', description: 'Drives the RIB', qualificationIds: [pb2.body.id] });
    expect(safety.status).toBe(201);
    const galley = await post('/api/admin/duties/types', { name: 'Galley', description: '', qualificationIds: [] });
    const template = await post('/api/admin/duties/templates', {
      name: 'Club race',
      needs: [
        { dutyTypeId: safety.body.id, needed: 2, optional: false },
        { dutyTypeId: galley.body.id, needed: 1, optional: true },
      ],
    });
    expect(template.status).toBe(201);
    expect((await post('/api/admin/duties/qualifications', { name: 'powerboat level 2', validityMonths: null })).status).toBe(409);

    const event = await addEvent(app, { eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' });
    expect((await post(`/api/admin/duties/events/${event.id}/template`, { templateId: template.body.id })).body).toEqual({ added: 2 });
    expect((await post(`/api/admin/duties/events/${event.id}/template`, { templateId: template.body.id })).body).toEqual({ added: 0 });
    let roster = (await admin.get(`/api/admin/duties/events/${event.id}`)).body;
    expect(roster.light).toBe('red');
    expect((await admin.get('/api/admin/duties/lights')).body.lights[event.id]).toBe('red');
    const safetySlot = roster.slots.find((s: { dutyTypeName: string }) => s.dutyTypeName === 'Safety boat driver');
    expect(safetySlot.candidates.find((c: { memberId: string }) => c.memberId === 'ann').ineligible).toBe('Needs Powerboat Level 2');

    // Ann's qualification expires on the race day itself: still valid that day. Bob's the day before: not.
    expect((await admin.put(`/api/admin/duties/member-qualifications/ann/${pb2.body.id}`).set(FETCH).send({ expiresOn: '2026-07-04' })).status).toBe(200);
    expect((await admin.put(`/api/admin/duties/member-qualifications/bob/${pb2.body.id}`).set(FETCH).send({ expiresOn: '2026-07-03' })).status).toBe(200);
    await admin.put(`/api/admin/duties/member-qualifications/cat/${pb2.body.id}`).set(FETCH).send({ expiresOn: null });

    expect((await post(`/api/admin/duties/slots/${safetySlot.id}/assignments`, { memberId: 'ann' })).status).toBe(201);
    const refused = await post(`/api/admin/duties/slots/${safetySlot.id}/assignments`, { memberId: 'bob' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Give a reason to assign a member who is not eligible (Needs Powerboat Level 2)');
    expect((await post(`/api/admin/duties/slots/${safetySlot.id}/assignments`, { memberId: 'cat' })).status).toBe(201);
    roster = (await admin.get(`/api/admin/duties/events/${event.id}`)).body;
    expect(roster.light).toBe('amber');
    expect((await post(`/api/admin/duties/slots/${safetySlot.id}/assignments`, { memberId: 'dan', overrideReason: 'Extra hand' })).body.error).toBe(
      'This duty is already filled',
    );

    const galleySlot = roster.slots.find((s: { dutyTypeName: string }) => s.dutyTypeName === 'Galley');
    expect((await post(`/api/admin/duties/slots/${galleySlot.id}/assignments`, { memberId: 'ann' })).body.error).toBe(
      'This member is already on a duty at that time',
    );
    expect((await post(`/api/admin/duties/slots/${galleySlot.id}/assignments`, { memberId: 'dan' })).status).toBe(201);
    roster = (await admin.get(`/api/admin/duties/events/${event.id}`)).body;
    expect(roster.light).toBe('green');
    expect(roster.slots[0].holders.map((h: { name: string }) => h.name)).toEqual(['Ann Helm', 'Cat Bow']);
    expect((await admin.get('/api/admin/duties/lights')).body.lights[event.id]).toBe('green');
  });

  it('an override of eligibility needs a reason, and the audit log keeps it', async () => {
    const first = await post('/api/admin/duties/qualifications', { name: 'First Aid', validityMonths: 36 });
    expect((await admin.put(`/api/admin/duties/member-qualifications/bob/${first.body.id}`).set(FETCH).send({ expiresOn: null })).body.error).toBe(
      'First Aid expires: give its expiry date',
    );
    const type = await post('/api/admin/duties/types', { name: 'Beach master', description: '', qualificationIds: [first.body.id] });
    const event = await addEvent(app, { eventdatetime: '2026-08-01T09:00:00.000Z', eventenddatetime: '2026-08-01T12:00:00.000Z' });
    const slot = await post(`/api/admin/duties/events/${event.id}/slots`, { dutyTypeId: type.body.id, needed: 1, optional: false });
    expect(slot.status).toBe(201);
    const assigned = await post(`/api/admin/duties/slots/${slot.body.id}/assignments`, { memberId: 'bob', overrideReason: 'Course booked for July' });
    expect(assigned.status).toBe(201);
    expect(assigned.body.overrideReason).toBe('Course booked for July');
    const entry = (await app.get('audit').list({ limit: 100 })).find((e) => e.action === 'duty.assigned-override');
    expect(entry?.summary).toBe(`Assigned Bob Stern to Beach master at ${event.name}, not eligible (Needs First Aid); reason: Course booked for July`);
    expect((await admin.delete(`/api/admin/duties/slots/${slot.body.id}`).set(FETCH)).status).toBe(409);
    expect((await admin.delete(`/api/admin/duties/slots/${slot.body.id}/assignments/bob`).set(FETCH)).status).toBe(204);
    expect((await admin.delete(`/api/admin/duties/slots/${slot.body.id}`).set(FETCH)).status).toBe(204);
    expect((await admin.delete(`/api/admin/duties/qualifications/${first.body.id}`).set(FETCH)).body.error).toBe(
      'First Aid is used by Beach master: change that first',
    );
  });

  it('two admins changing the catalogue at once: one name is taken once, and no duty type needs a qualification deleted meanwhile', async () => {
    const named = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/admin/duties/qualifications', { name: 'Dinghy Instructor', validityMonths: 60 })),
    );
    expect(named.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(named.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(3).fill('There is already a qualification named Dinghy Instructor'));

    for (let round = 0; round < 3; round += 1) {
      const q = await post('/api/admin/duties/qualifications', { name: `Radio licence ${round}`, validityMonths: null });
      // One admin deletes the qualification while the other adds a duty type needing it.
      const [deleted, added] = await Promise.all([
        admin.delete(`/api/admin/duties/qualifications/${q.body.id}`).set(FETCH),
        post('/api/admin/duties/types', { name: `Radio watch ${round}`, description: '', qualificationIds: [q.body.id] }),
      ]);
      const catalogue = (await admin.get('/api/admin/duties')).body as {
        qualifications: { id: string }[];
        dutyTypes: { name: string; qualificationIds: string[] }[];
      };
      const kept = catalogue.qualifications.some((k) => k.id === q.body.id);
      const type = catalogue.dutyTypes.find((t) => t.name === `Radio watch ${round}`);
      if (deleted.status === 204) {
        expect(added.status).toBe(400);
        expect(added.body.error).toBe('Choose qualifications from the list');
        expect([kept, type]).toEqual([false, undefined]);
      } else {
        expect([deleted.status, deleted.body.error]).toEqual([409, `Radio licence ${round} is used by Radio watch ${round}: change that first`]);
        expect(added.status).toBe(201);
        expect([kept, type?.qualificationIds]).toEqual([true, [q.body.id]]);
      }
    }
  });

  it('20 members volunteering at once for a 2-person slot fill it exactly', async () => {
    const type = await post('/api/admin/duties/types', { name: 'Assistant', description: '', qualificationIds: [] });
    const event = await addEvent(app, { eventdatetime: '2026-09-05T09:00:00.000Z', eventenddatetime: '2026-09-05T12:00:00.000Z' });
    const slot = await post(`/api/admin/duties/events/${event.id}/slots`, { dutyTypeId: type.body.id, needed: 2, optional: false });
    const ids = Array.from({ length: 20 }, (_, i) => `vol-${i}`);
    for (const id of ids) await app.get('members').create(clubMember(id, `Volunteer ${id}`));
    const volunteer = app.built.ports.useCase(VolunteerForDuty);
    const results = await Promise.allSettled(ids.map((id) => volunteer.execute(id, slot.body.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await app.get('duties').getSlot(slot.body.id))!.holders).toHaveLength(2);
  });
});

describe('members’ qualifications by CSV', () => {
  it('previews every bad line and imports nothing; a good file is imported all at once', async () => {
    const q = await post('/api/admin/duties/qualifications', { name: 'RYA Race Officer', validityMonths: null });
    expect(q.status).toBe(201);
    const bad = 'email,qualification,expiry\nann@club.example,RYA Race Officer,\nnobody@club.example,RYA Race Officer,\nbob@club.example,Juggling,31/02/2027\n';
    const preview = await admin.post('/api/admin/duties/member-qualifications/import/preview').set(FETCH).set('Content-Type', 'text/csv').send(bad);
    expect(preview.body).toEqual({
      ok: false,
      problems: [
        { line: 3, reason: 'no member has the e-mail nobody@club.example' },
        { line: 4, reason: 'there is no qualification named Juggling; 31/02/2027 is not a date (use 2027-03-31 or 31/03/2027)' },
      ],
    });
    const refused = await admin.post('/api/admin/duties/member-qualifications/import').set(FETCH).set('Content-Type', 'text/csv').send(bad);
    expect(refused.status).toBe(400);
    expect((await app.get('duties').listMemberQualifications()).filter((r) => r.qualificationId === q.body.id)).toEqual([]);
    const good = 'ann@club.example,RYA Race Officer,\nBOB@club.example,rya race officer,31/03/2027\n';
    expect((await admin.post('/api/admin/duties/member-qualifications/import/preview').set(FETCH).set('Content-Type', 'text/csv').send(good)).body).toEqual({
      ok: true,
      add: 2,
      replace: 0,
      unchanged: 0,
    });
    const imported = await admin.post('/api/admin/duties/member-qualifications/import').set(FETCH).set('Content-Type', 'text/csv').send(good);
    expect(imported.body).toEqual({ imported: 2, added: 2, replaced: 0, unchanged: 0 });
    const view = (await admin.get('/api/admin/duties/member-qualifications')).body;
    expect(view.members.find((m: { id: string }) => m.id === 'bob').qualifications).toContainEqual({ qualificationId: q.body.id, expiresOn: '2027-03-31' });
  });
});
