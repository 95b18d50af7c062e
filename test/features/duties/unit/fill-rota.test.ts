import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { HighsRotaSolver } from '../../../../adapters/highs/highs-rota-solver';
import { FillRota } from '../../../../core/duties/fill-rota';
import { ManageDutyCatalogue } from '../../../../core/duties/manage-duty-catalogue';
import { ManageEventDuties } from '../../../../core/duties/event-duties';
import { ManageMemberQualifications } from '../../../../core/duties/manage-member-qualifications';
import { PermissionError, ValidationError } from '../../../../core/shared/errors';
import { anAdmin, anEvent } from '../../../support/entities';
import { memoryStorage } from '../../../support/stores';
import { makeMember } from '../../../support/unit/domain-fixtures';
import { makeWorld, REGATTA, type World } from '../../../support/unit/world';

const admin = anAdmin({ permissions: ['duties:write'] });
let w: World;
let fill: FillRota;
let ids: { safety: string; galley: string; galley2: string; safetyType: string };

/**
 * Two races a week apart in the season (the world's clock is 1 June 2026): on 4 July a safety
 * boat slot (needs Powerboat Level 2, only Ann holds it) and a galley slot; on 11 July a galley slot.
 */
beforeEach(async () => {
  w = makeWorld();
  const { households, availability } = memoryStorage();
  fill = new FillRota({ ...w, households, availability, solver: new HighsRotaSolver() });
  const catalogue = new ManageDutyCatalogue({ ...w });
  const events = new ManageEventDuties({ ...w });
  const pb2 = await catalogue.saveQualification(admin, null, { name: 'Powerboat Level 2', validityMonths: null });
  const safety = await catalogue.saveDutyType(admin, null, { name: 'Safety boat driver', description: '', qualificationIds: [pb2.id] });
  const galley = await catalogue.saveDutyType(admin, null, { name: 'Galley', description: '', qualificationIds: [] });
  for (const [id, day] of [
    ['race1', '04'],
    ['race2', '11'],
  ] as const)
    await w.events.create(
      anEvent({ ...REGATTA, id, name: `Race ${id.at(-1)}`, eventdatetime: `2026-07-${day}T09:00:00.000Z`, eventenddatetime: `2026-07-${day}T16:00:00.000Z` }),
    );
  await events.addSlot(admin, 'race1', { dutyTypeId: safety.id, needed: 1, optional: false });
  await events.addSlot(admin, 'race1', { dutyTypeId: galley.id, needed: 1, optional: false });
  await events.addSlot(admin, 'race2', { dutyTypeId: galley.id, needed: 1, optional: false });
  const [s1, g1] = await w.duties.listSlots('race1');
  const [g2] = await w.duties.listSlots('race2');
  ids = { safety: s1!.id, galley: g1!.id, galley2: g2!.id, safetyType: safety.id };
  for (const id of ['ann', 'bob', 'cat']) await w.members.create(makeMember(id, { email: `${id}@example.org` }));
  await new ManageMemberQualifications({ ...w }).set(admin, 'ann', pb2.id, { expiresOn: null });
  await availability.put({
    memberId: 'bob',
    seasonStart: '2026-04-01',
    unavailable: [],
    wishes: [{ dutyTypeId: galley.id, wish: 'prefer' }],
    updatedAt: '2026-05-01T00:00:00.000Z',
  });
  await availability.put({ memberId: 'cat', seasonStart: '2026-04-01', unavailable: ['2026-07-04'], wishes: [], updatedAt: '2026-05-01T00:00:00.000Z' });
});

describe('previewing a fill', () => {
  it('proposes only eligible, available members, one duty a day, with names, reasons and fairness', async () => {
    const preview = await fill.preview(admin, {});
    expect(preview.season).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    const bySlot = new Map(preview.assignments.map((a) => [a.slotId, a]));
    expect(bySlot.get(ids.safety)).toMatchObject({
      memberId: 'ann',
      eventName: 'Race 1',
      dutyTypeName: 'Safety boat driver',
      start: '2026-07-04T09:00:00.000Z',
    });
    expect(bySlot.get(ids.safety)!.memberName).not.toBe('');
    // Ann is busy with safety on 4 July and Cat cannot do it: the galley is Bob's.
    expect(bySlot.get(ids.galley)!.memberId).toBe('bob');
    expect(preview.assignments.filter((a) => a.memberId === 'bob').every((a) => a.prefers)).toBe(true);
    expect(preview.fairness.proposal.filled).toBe(3);
    expect(preview.fairness.greedy.filled).toBeLessThanOrEqual(3);
    expect(preview.open).toEqual([]);
  });

  it('reports the places nobody can fill, and needs duties:write', async () => {
    await w.members.update({ ...(await w.members.get('ann'))!, disabled: true });
    const preview = await fill.preview(admin, { season: '2026-09-01' });
    expect(preview.assignments.some((a) => a.slotId === ids.safety)).toBe(false);
    expect(preview.open).toEqual([expect.objectContaining({ slotId: ids.safety, open: 1, dutyTypeName: 'Safety boat driver' })]);
    await expect(fill.preview(anAdmin({ permissions: ['events:read'] }), {})).rejects.toThrow(PermissionError);
    await expect(fill.preview(admin, { season: 'soon' })).rejects.toThrow(ValidationError);
  });
});

describe('publishing a fill', () => {
  it('writes the list, e-mails each member once with one .ics of their duties, and a second publish does nothing', async () => {
    const assignments = [
      { slotId: ids.safety, memberId: 'ann' },
      { slotId: ids.galley, memberId: 'bob' },
      { slotId: ids.galley2, memberId: 'bob' },
    ];
    const result = await fill.publish(admin, { assignments });
    expect(result).toEqual({ written: assignments, skipped: [], mailed: 2 });
    expect((await w.duties.getSlot(ids.galley2))!.holders.map((h) => h.memberId)).toEqual(['bob']);
    const mails = await w.outbox.list();
    expect(mails.map((m) => m.mail.to).sort()).toEqual(['ann@example.org', 'bob@example.org']);
    const bob = mails.find((m) => m.mail.to === 'bob@example.org')!;
    expect(bob.mail.text).toContain('Race 1');
    expect(bob.mail.text).toContain('Race 2');
    const calendar = new ICAL.Component(ICAL.parse(String(bob.mail.attachments![0]!.content)));
    const starts = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString());
    expect(starts).toEqual(['2026-07-04T09:00:00.000Z', '2026-07-11T09:00:00.000Z']);
    expect((await w.audit.list({ limit: 100 })).filter((e) => e.action === 'duty.assigned')).toHaveLength(3);

    expect(await fill.publish(admin, { assignments })).toEqual({ written: [], skipped: [], mailed: 0 });
    expect(await w.outbox.list()).toHaveLength(2);
  });

  it('skips a slot filled meanwhile and writes the rest', async () => {
    await new ManageEventDuties({ ...w }).assign(admin, ids.galley, { memberId: 'cat', overrideReason: null });
    const result = await fill.publish(admin, {
      assignments: [
        { slotId: ids.galley, memberId: 'bob' },
        { slotId: ids.galley2, memberId: 'bob' },
      ],
    });
    expect(result.written).toEqual([{ slotId: ids.galley2, memberId: 'bob' }]);
    expect(result.skipped).toEqual([{ slotId: ids.galley, memberId: 'bob', reason: 'This duty is already filled' }]);
    expect((await w.duties.getSlot(ids.galley))!.holders.map((h) => h.memberId)).toEqual(['cat']);
  });

  it('refuses the whole list, writing and sending nothing, when one breaks a rule', async () => {
    for (const bad of [
      [{ slotId: ids.safety, memberId: 'bob' }],
      [
        { slotId: ids.safety, memberId: 'ann' },
        { slotId: ids.galley, memberId: 'ann' },
      ],
      [{ slotId: ids.galley, memberId: 'cat' }],
      [{ slotId: 'no-such-slot', memberId: 'ann' }],
    ]) {
      await expect(fill.publish(admin, { assignments: [{ slotId: ids.galley2, memberId: 'bob' }, ...bad] })).rejects.toThrow(ValidationError);
    }
    await expect(fill.publish(admin, { assignments: [{ slotId: ids.safety, memberId: 'bob' }] })).rejects.toThrow(
      /^These assignments break the rota rules: Member bob is not eligible for Safety boat driver at Race 1 \(Sat 4 July 2026/,
    );
    expect((await w.duties.getSlot(ids.galley2))!.holders).toEqual([]);
    expect(await w.outbox.list()).toEqual([]);
    await expect(fill.publish(admin, { assignments: [] })).rejects.toThrow(ValidationError);
  });

  it('a publish of the same list running meanwhile leaves one e-mail listing all of the member’s duties', async () => {
    const assignments = [
      { slotId: ids.galley, memberId: 'bob' },
      { slotId: ids.galley2, memberId: 'bob' },
    ];
    // The other publish runs right after this one writes its first duty.
    let other: Promise<unknown> | null = null;
    const duties = Object.create(w.duties) as typeof w.duties;
    duties.assign = async (assignment) => {
      await w.duties.assign(assignment);
      other ??= fill.publish(admin, { assignments });
      await other;
    };
    const { households, availability } = memoryStorage();
    const racing = new FillRota({ ...w, duties, households, availability, solver: new HighsRotaSolver() });
    await racing.publish(admin, { assignments });
    const mails = await w.outbox.list();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toContain('2 duties');
  });
});

describe('a second duty the same day', () => {
  /** A morning and an afternoon race on 18 July, each with a safety boat slot: only Ann may drive. */
  async function morningAndAfternoon(allowsSecondDuty: { am: boolean; pm: boolean }): Promise<{ am: string; pm: string }> {
    const events = new ManageEventDuties({ ...w });
    const out = { am: '', pm: '' };
    for (const [id, start, end] of [
      ['am', '08:00', '11:00'],
      ['pm', '12:00', '15:00'],
    ] as const) {
      await w.events.create(
        anEvent({ ...REGATTA, id, name: `Race ${id}`, eventdatetime: `2026-07-18T${start}:00.000Z`, eventenddatetime: `2026-07-18T${end}:00.000Z` }),
      );
      out[id] = (await events.addSlot(admin, id, { dutyTypeId: ids.safetyType, needed: 1, optional: false, allowsSecondDuty: allowsSecondDuty[id] })).id;
    }
    return out;
  }

  it('fills one member into two slots of a day when both allow it, and publishes them', async () => {
    const slots = await morningAndAfternoon({ am: true, pm: true });
    const preview = await fill.preview(admin, {});
    const theirs = preview.assignments.filter((a) => a.slotId === slots.am || a.slotId === slots.pm);
    expect(theirs.map((a) => a.memberId)).toEqual(['ann', 'ann']);
    expect(theirs.every((a) => a.secondThatDay)).toBe(true);
    const result = await fill.publish(admin, {
      assignments: [
        { slotId: slots.am, memberId: 'ann' },
        { slotId: slots.pm, memberId: 'ann' },
      ],
    });
    expect(result.written).toHaveLength(2);
    expect((await w.duties.getSlot(slots.pm))!.holders.map((h) => h.memberId)).toEqual(['ann']);
  });

  it('gives one of them only, and refuses both, when a slot does not allow it', async () => {
    const slots = await morningAndAfternoon({ am: true, pm: false });
    const preview = await fill.preview(admin, {});
    expect(preview.assignments.filter((a) => a.slotId === slots.am || a.slotId === slots.pm)).toHaveLength(1);
    expect(preview.open.filter((o) => o.slotId === slots.am || o.slotId === slots.pm)).toHaveLength(1);
    const both = [
      { slotId: slots.am, memberId: 'ann' },
      { slotId: slots.pm, memberId: 'ann' },
    ];
    await expect(fill.publish(admin, { assignments: both })).rejects.toThrow(/^These assignments break the rota rules: .*which clash/);
    expect((await w.duties.getSlot(slots.am))!.holders).toEqual([]);
  });
});

describe('the reads of a preview', () => {
  /** Every call the preview makes to the household storage, counted. */
  async function householdReads(extraMembers: number): Promise<number> {
    const storage = memoryStorage();
    for (let i = 0; i < extraMembers; i += 1) {
      const id = `extra-${i}`;
      await w.members.create(makeMember(id, { email: `${id}@example.org` }));
      // Half of them share households two by two: a household's quota counts its members together.
      if (i % 2 === 1) await storage.households.join({ householdId: `home-${i}`, memberId: `extra-${i - 1}`, at: '2026-05-01T00:00:00.000Z' }, 8);
      if (i % 2 === 1) await storage.households.join({ householdId: `home-${i}`, memberId: id, at: '2026-05-01T00:00:01.000Z' }, 8);
    }
    let reads = 0;
    const households = new Proxy(storage.households, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          reads += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    await new FillRota({ ...w, households, availability: storage.availability, solver: new HighsRotaSolver() }).preview(admin, {});
    return reads;
  }

  it('reads the households a fixed number of times, whatever the number of members', async () => {
    const few = await householdReads(0);
    const many = await householdReads(40);
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(1);
  });
});
