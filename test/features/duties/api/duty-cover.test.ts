import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type { Member } from '../../../../core/members/member';
import { addEvent, FETCH, postFetch, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { addListedMember } from '../../../support/api/signed-in-member';

// "Cover needed" (docs/duties.md); today is 1 June 2026.
let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'cover@example.org', ['duties:write', 'events:read']);
});

describe('asking for cover', () => {
  it('sends one message to each member eligible and free for an unfilled slot, listing those slots, once however often it is asked; the audit log has it', async () => {
    const pb2 = (await postFetch(admin, '/api/admin/duties/qualifications', { name: 'PB2 cover', validityMonths: null })).body;
    const safety = (await postFetch(admin, '/api/admin/duties/types', { name: 'Safety boat cover', description: '', qualificationIds: [pb2.id] })).body;
    const officer = (await postFetch(admin, '/api/admin/duties/types', { name: 'Race officer cover', description: '', qualificationIds: [] })).body;
    const galley = (await postFetch(admin, '/api/admin/duties/types', { name: 'Galley cover', description: '', qualificationIds: [] })).body;
    const race = await addEvent(app, { name: 'Cover race', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' });
    const social = await addEvent(app, { eventdatetime: '2026-07-04T15:00:00.000Z', eventenddatetime: '2026-07-04T20:00:00.000Z' });
    const slot = async (eventId: string, dutyTypeId: string, needed: number) =>
      (await postFetch(admin, `/api/admin/duties/events/${eventId}/slots`, { dutyTypeId, needed, optional: false })).body;
    const safetySlot = await slot(race.id, safety.id, 2);
    const officerSlot = await slot(race.id, officer.id, 1);
    await slot(race.id, galley.id, 1);
    const socialSlot = await slot(social.id, galley.id, 1);
    // Ann holds a safety boat, Olly is race officer; Bob and Fay hold PB2 and are free; Cat has no
    // PB2; Dan holds PB2 but is on duty at the social; Eve holds PB2 but her membership lapses.
    const m: Record<string, Member> = {};
    for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'olly'])
      m[name] = await addListedMember(app, { name: `${name} cover`, ...(name === 'eve' ? { renewalDate: '2026-06-30' } : {}) });
    for (const name of ['ann', 'bob', 'dan', 'eve', 'fay'])
      await admin.put(`/api/admin/duties/member-qualifications/${m[name]!.id}/${pb2.id}`).set(FETCH).send({ expiresOn: null });
    const assign = async (slotId: string, member: Member) =>
      expect((await postFetch(admin, `/api/admin/duties/slots/${slotId}/assignments`, { memberId: member.id })).status).toBe(201);
    await assign(safetySlot.id, m.ann!);
    await assign(officerSlot.id, m.olly!);
    await assign(socialSlot.id, m.dan!);

    // A double click: two requests at once write each member's message once.
    const answers = await Promise.all([
      postFetch(admin, `/api/admin/duties/events/${race.id}/cover-needed`),
      postFetch(admin, `/api/admin/duties/events/${race.id}/cover-needed`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const mails = (await app.get('outbox').list()).filter((message) => message.kind === 'duty-cover-needed' && message.recordId === race.id);
    expect(answers[0]!.body.asked + answers[1]!.body.asked).toBe(mails.length);
    const to = (member: Member) => mails.filter((message) => message.mail.to === member.email);
    for (const name of ['bob', 'cat', 'fay']) expect(to(m[name]!), name).toHaveLength(1);
    for (const name of ['ann', 'dan', 'eve', 'olly']) expect(to(m[name]!), name).toHaveLength(0);
    const bobs = to(m.bob!)[0]!.mail;
    expect(bobs.subject).toBe('Cover needed: Cover race');
    expect(bobs.text).toContain('Safety boat cover');
    expect(bobs.text).toContain('Galley cover');
    expect(bobs.text).toContain('/duties');
    expect(to(m.cat!)[0]!.mail.text).toContain('Galley cover');
    expect(to(m.cat!)[0]!.mail.text).not.toContain('Safety boat cover');

    const again = await postFetch(admin, `/api/admin/duties/events/${race.id}/cover-needed`);
    expect(again.body).toEqual({ asked: 0 });
    expect((await app.get('outbox').list()).filter((message) => message.kind === 'duty-cover-needed' && message.recordId === race.id)).toHaveLength(
      mails.length,
    );
    const entries = (await app.get('audit').list({ limit: 200 })).filter((e) => e.action === 'duty.cover-requested' && e.recordId === race.id);
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.summary)).toContain(`Asked for cover at Cover race: 0 members asked for 2 unfilled slots`);
  });

  it('is refused for an event that does not exist (404) or has no date (400), and sends nothing', async () => {
    const before = (await app.get('outbox').list()).length;
    expect((await postFetch(admin, '/api/admin/duties/events/no-such-event/cover-needed')).status).toBe(404);
    const undated = await addEvent(app, { eventdatetime: null, eventenddatetime: null });
    const res = await postFetch(admin, `/api/admin/duties/events/${undated.id}/cover-needed`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This event has no date yet, so its duties cannot be filled');
    expect((await app.get('outbox').list()).length).toBe(before);
  });
});
