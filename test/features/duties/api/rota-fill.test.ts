import ICAL from 'ical.js';
import type TestAgent from 'supertest/lib/agent';
import { describe, expect, it } from 'vitest';
import { ROTA_FILL_MAIL_KIND } from '../../../../core/duties/fill-rota';
import { clubMember } from '../../../support/api/signed-in-member';
import { addEvent, FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

/**
 * The admin's rota fill, end to end with the HiGHS solver (today is 1 June 2026): a race on 4 July
 * with a safety boat slot (needs Powerboat Level 2, only Ann holds it) and a galley slot, and a
 * race on 11 July with a galley slot.
 */

let app: TestApp;
let admin: TestAgent;
const slots = { safety: '', galley: '', galley2: '' };
let safetyType = '';

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'rota@example.org', ['duties:write', 'events:read']);
  for (const m of [clubMember('ann', 'Ann Helm'), clubMember('bob', 'Bob Stern'), clubMember('cat', 'Cat Bow')]) await app.get('members').create(m);
  const pb2 = await post('/api/admin/duties/qualifications', { name: 'Powerboat Level 2', validityMonths: null });
  const safety = await post('/api/admin/duties/types', { name: 'Safety boat driver', description: '', qualificationIds: [pb2.body.id] });
  safetyType = safety.body.id;
  const galley = await post('/api/admin/duties/types', { name: 'Galley', description: '', qualificationIds: [] });
  const race1 = await addEvent(app, { name: 'Race 1', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' });
  const race2 = await addEvent(app, { name: 'Race 2', eventdatetime: '2026-07-11T09:00:00.000Z', eventenddatetime: '2026-07-11T16:00:00.000Z' });
  slots.safety = (await post(`/api/admin/duties/events/${race1.id}/slots`, { dutyTypeId: safety.body.id, needed: 1, optional: false })).body.id;
  slots.galley = (await post(`/api/admin/duties/events/${race1.id}/slots`, { dutyTypeId: galley.body.id, needed: 1, optional: false })).body.id;
  slots.galley2 = (await post(`/api/admin/duties/events/${race2.id}/slots`, { dutyTypeId: galley.body.id, needed: 1, optional: false })).body.id;
  await app.get('duties').putMemberQualifications([{ memberId: 'ann', qualificationId: pb2.body.id, expiresOn: null }]);
});

async function post(path: string, body: object) {
  return admin.post(path).set(FETCH).send(body);
}

const fillMails = async () => (await app.get('outbox').list({})).filter((m) => m.kind === ROTA_FILL_MAIL_KIND);

describe('filling the rota', () => {
  it('previews only eligible members; publishing writes, e-mails each member once with an .ics; publishing again does nothing', async () => {
    const preview = await post('/api/admin/duties/rota-fill/preview', {});
    expect(preview.status).toBe(200);
    const proposed = preview.body.assignments as { slotId: string; memberId: string; memberName: string }[];
    expect(proposed).toHaveLength(3);
    expect(proposed.find((a) => a.slotId === slots.safety)).toMatchObject({ memberId: 'ann', memberName: 'Ann Helm' });
    // Ann holds the only safety qualification; one duty a day keeps her off the galley that day.
    expect(proposed.find((a) => a.slotId === slots.galley)!.memberId).not.toBe('ann');
    expect(preview.body.open).toEqual([]);
    expect(preview.body.fairness.proposal.filled).toBe(3);

    const assignments = proposed.map(({ slotId, memberId }) => ({ slotId, memberId }));
    const published = await post('/api/admin/duties/rota-fill/publish', { assignments });
    expect(published.status).toBe(200);
    expect(published.body.skipped).toEqual([]);
    expect(published.body.written).toHaveLength(3);
    for (const { slotId, memberId } of assignments) expect((await app.get('duties').getSlot(slotId))!.holders.map((h) => h.memberId)).toEqual([memberId]);

    const mails = await fillMails();
    const members = [...new Set(assignments.map((a) => a.memberId))];
    expect(mails.map((m) => m.mail.to).sort()).toEqual(members.map((id) => `${id}@club.example`).sort());
    for (const mail of mails) {
      const mine = assignments.filter((a) => `${a.memberId}@club.example` === mail.mail.to);
      const ics = mail.mail.attachments!.find((a) => a.filename.endsWith('.ics'))!;
      const vevents = new ICAL.Component(ICAL.parse(String(ics.content))).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(vevents.map((v) => v.uid).sort()).toEqual(mine.map((a) => `duty-${a.slotId}-${a.memberId}@kyc-members-area`).sort());
    }

    const again = await post('/api/admin/duties/rota-fill/publish', { assignments });
    expect(again.body).toEqual({ written: [], skipped: [], mailed: 0 });
    expect(await fillMails()).toHaveLength(mails.length);
  });

  it('skips a slot filled meanwhile, and refuses a member not eligible', async () => {
    // The first test filled every slot: free the second galley and have it filled after the preview.
    const holder = (await app.get('duties').getSlot(slots.galley2))!.holders[0]!.memberId;
    expect((await admin.delete(`/api/admin/duties/slots/${slots.galley2}/assignments/${holder}`).set(FETCH)).status).toBe(204);
    const other = ['bob', 'cat'].find((id) => id !== holder)!;
    expect((await post(`/api/admin/duties/slots/${slots.galley2}/assignments`, { memberId: holder })).status).toBe(201);
    const published = await post('/api/admin/duties/rota-fill/publish', { assignments: [{ slotId: slots.galley2, memberId: other }] });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ written: [], skipped: [{ slotId: slots.galley2, memberId: other, reason: 'This duty is already filled' }], mailed: 0 });
    expect((await app.get('duties').getSlot(slots.galley2))!.holders.map((h) => h.memberId)).toEqual([holder]);

    expect((await admin.delete(`/api/admin/duties/slots/${slots.safety}/assignments/ann`).set(FETCH)).status).toBe(204);
    const refused = await post('/api/admin/duties/rota-fill/publish', { assignments: [{ slotId: slots.safety, memberId: 'bob' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('These assignments break the rota rules');
    expect((await app.get('duties').getSlot(slots.safety))!.holders).toEqual([]);
  });

  it('two publishes of one list at once fill each place once and e-mail each member once', async () => {
    for (const slot of Object.values(slots))
      for (const { memberId } of (await app.get('duties').getSlot(slot))!.holders)
        expect((await admin.delete(`/api/admin/duties/slots/${slot}/assignments/${memberId}`).set(FETCH)).status).toBe(204);
    const mailsBefore = new Set((await fillMails()).map((m) => m.id));
    const assignments = [
      { slotId: slots.galley, memberId: 'cat' },
      { slotId: slots.galley2, memberId: 'cat' },
    ];
    const answers = await Promise.all([0, 1].map(() => post('/api/admin/duties/rota-fill/publish', { assignments })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.flatMap((a) => a.body.written as unknown[])).toHaveLength(2);
    for (const slot of [slots.galley, slots.galley2]) expect((await app.get('duties').getSlot(slot))!.holders.map((h) => h.memberId)).toEqual(['cat']);
    // Whichever publish ends last sees both duties held: its e-mail lists both, and is written once.
    const mails = (await fillMails()).filter((m) => !mailsBefore.has(m.id));
    expect(mails.every((m) => m.mail.to === 'cat@club.example')).toBe(true);
    expect(mails.filter((m) => m.mail.subject.includes('2 duties'))).toHaveLength(1);
  });

  it('fills one member into two slots of a day only when the slots allow a second duty that day', async () => {
    // A morning and an afternoon race on 25 July, each needing a safety boat driver: Ann alone may drive.
    const races = [
      await addEvent(app, { name: 'Morning race', eventdatetime: '2026-07-25T08:00:00.000Z', eventenddatetime: '2026-07-25T11:00:00.000Z' }),
      await addEvent(app, { name: 'Afternoon race', eventdatetime: '2026-07-25T12:00:00.000Z', eventenddatetime: '2026-07-25T15:00:00.000Z' }),
    ];
    const theirs = async () => {
      const ids = await Promise.all(
        races.map(async (race) => ((await admin.get(`/api/admin/duties/events/${race.id}`).set(FETCH)).body.slots as { id: string }[])[0]!.id),
      );
      const preview = await post('/api/admin/duties/rota-fill/preview', {});
      expect(preview.status).toBe(200);
      const proposed = (preview.body.assignments as { slotId: string; memberId: string }[]).filter((a) => ids.includes(a.slotId));
      return { ids, proposed, both: ids.map((slotId) => ({ slotId, memberId: 'ann' })) };
    };

    for (const race of races)
      expect((await post(`/api/admin/duties/events/${race.id}/slots`, { dutyTypeId: safetyType, needed: 1, optional: false })).status).toBe(201);
    const single = await theirs();
    expect(single.proposed.map((a) => a.memberId)).toEqual(['ann']);
    const refused = await post('/api/admin/duties/rota-fill/publish', { assignments: single.both });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('which clash');
    for (const slotId of single.ids) expect((await app.get('duties').getSlot(slotId))!.holders).toEqual([]);

    // The admin sets it on the template's line, and its slots carry it.
    for (const slotId of single.ids) expect((await admin.delete(`/api/admin/duties/slots/${slotId}`).set(FETCH)).status).toBe(204);
    const template = await post('/api/admin/duties/templates', {
      name: 'Double header',
      needs: [{ dutyTypeId: safetyType, needed: 1, optional: false, allowsSecondDuty: true }],
    });
    expect(template.status).toBe(201);
    expect(template.body.needs[0].allowsSecondDuty).toBe(true);
    for (const race of races) expect((await post(`/api/admin/duties/events/${race.id}/template`, { templateId: template.body.id })).status).toBe(200);
    const roster = await admin.get(`/api/admin/duties/events/${races[0]!.id}`).set(FETCH);
    expect(roster.body.slots[0].allowsSecondDuty).toBe(true);

    const allowed = await theirs();
    expect(allowed.proposed.map((a) => a.memberId)).toEqual(['ann', 'ann']);
    const published = await post('/api/admin/duties/rota-fill/publish', { assignments: allowed.both });
    expect(published.status).toBe(200);
    expect(published.body.written).toHaveLength(2);
    for (const slotId of allowed.ids) expect((await app.get('duties').getSlot(slotId))!.holders.map((h) => h.memberId)).toEqual(['ann']);
  });
});
