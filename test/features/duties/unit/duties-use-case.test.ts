import { beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { DUTY_MESSAGES } from '../../../../core/duties/duties';
import { ManageDutyCatalogue } from '../../../../core/duties/manage-duty-catalogue';
import { ManageEventDuties } from '../../../../core/duties/event-duties';
import { ManageMemberQualifications } from '../../../../core/duties/manage-member-qualifications';
import { VolunteerForDuty } from '../../../../core/duties/volunteer-for-duty';
import { WithdrawFromDuty } from '../../../../core/duties/withdraw-from-duty';
import { makeWorld, REGATTA, withPermissions, type World } from '../../../support/unit/world';
import { DeleteEvent, EVENT_HAS_DUTIES } from '../../../../core/operations/delete-event';
import { anAdmin, anEvent } from '../../../support/entities';
import { makeMember } from '../../../support/unit/domain-fixtures';
import { DutySwaps, SWAP_MAIL_WITH_THE_REQUEST } from '../../../../core/duties/duty-swap-requests';
import { DUTY_SWAP_REQUEST_KIND } from '../../../../core/duties/duty-swap-mail';
import type { DutySwapRepository } from '../../../../core/duties/duty-swap-repository.port';

const admin = anAdmin({ permissions: ['duties:write', 'events:read'] });
let w: World;
let catalogue: ManageDutyCatalogue;
let events: ManageEventDuties;
let quals: ManageMemberQualifications;
let volunteer: VolunteerForDuty;
let withdraw: WithdrawFromDuty;

/** A race on 4 July (09:00 to 16:00 UTC) with one safety boat slot (2, needs Powerboat Level 2) and one galley slot. */
async function race() {
  const pb2 = await catalogue.saveQualification(admin, null, { name: 'Powerboat Level 2', validityMonths: null });
  const safety = await catalogue.saveDutyType(admin, null, { name: 'Safety boat driver', description: '', qualificationIds: [pb2.id] });
  const galley = await catalogue.saveDutyType(admin, null, { name: 'Galley', description: '', qualificationIds: [] });
  const template = await catalogue.saveTemplate(admin, null, {
    name: 'Club race',
    needs: [
      { dutyTypeId: safety.id, needed: 2, optional: false },
      { dutyTypeId: galley.id, needed: 1, optional: true },
    ],
  });
  await w.events.create(anEvent({ ...REGATTA, id: 'race', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' }));
  await events.applyTemplate(admin, 'race', { templateId: template.id });
  const [safetySlot, galleySlot] = await w.duties.listSlots('race');
  return { pb2, safetySlot, galleySlot };
}

beforeEach(async () => {
  w = makeWorld();
  catalogue = new ManageDutyCatalogue({ ...w });
  events = new ManageEventDuties({ ...w });
  quals = new ManageMemberQualifications({ ...w });
  volunteer = new VolunteerForDuty({ ...w });
  withdraw = new WithdrawFromDuty({ ...w });
  for (const id of ['ann', 'bob', 'cat']) await w.members.create(makeMember(id));
});

describe('volunteering (for members, once they can sign in)', () => {
  it('a member volunteers for a slot they are eligible for, and withdraws from it', async () => {
    const { pb2, safetySlot } = await race();
    await quals.set(admin, 'ann', pb2.id, { expiresOn: '2026-07-04' });
    const held = await volunteer.execute('ann', safetySlot.id);
    expect(held).toMatchObject({
      memberId: 'ann',
      slotId: safetySlot.id,
      overrideReason: null,
      window: { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' },
    });
    expect((await w.duties.getSlot(safetySlot.id))!.holders.map((h) => h.memberId)).toEqual(['ann']);
    expect(await withdraw.execute('ann', safetySlot.id)).toEqual(held);
    await expect(withdraw.execute('ann', safetySlot.id)).rejects.toThrow(NotFoundError);
    expect((await w.duties.getSlot(safetySlot.id))!.holders).toEqual([]);
  });

  it('refuses a member whose qualification expired the day before the event, or who lacks it', async () => {
    const { pb2, safetySlot } = await race();
    await quals.set(admin, 'bob', pb2.id, { expiresOn: '2026-07-03' });
    await expect(volunteer.execute('bob', safetySlot.id)).rejects.toThrow(new ConflictError(`${DUTY_MESSAGES.notEligible}: Needs Powerboat Level 2`));
    await expect(volunteer.execute('cat', safetySlot.id)).rejects.toThrow(ConflictError);
    await expect(volunteer.execute('nobody', safetySlot.id)).rejects.toThrow(new NotFoundError(DUTY_MESSAGES.memberNotFound));
    await expect(volunteer.execute('ann', 'no-slot')).rejects.toThrow(new NotFoundError(DUTY_MESSAGES.slotNotFound));
  });

  it('refuses a second duty at the same time, and a slot of an event with no date', async () => {
    const { galleySlot } = await race();
    await w.events.create(anEvent({ ...REGATTA, id: 'social', eventdatetime: '2026-07-04T15:00:00.000Z', eventenddatetime: '2026-07-04T20:00:00.000Z' }));
    await w.events.create(anEvent({ ...REGATTA, id: 'tbc', eventdatetime: null, eventenddatetime: null }));
    const galleyType = galleySlot.dutyTypeId;
    const social = await events.addSlot(admin, 'social', { dutyTypeId: galleyType, needed: 1, optional: false });
    const tbc = await events.addSlot(admin, 'tbc', { dutyTypeId: galleyType, needed: 1, optional: false });
    await volunteer.execute('cat', galleySlot.id);
    await expect(volunteer.execute('cat', social.id)).rejects.toThrow(new ConflictError(DUTY_MESSAGES.doubleDuty));
    await expect(volunteer.execute('bob', tbc.id)).rejects.toThrow(new ValidationError(DUTY_MESSAGES.noDate));
  });
});

describe('admins keep the catalogue and rosters', () => {
  it('needs duties:write, and refuses what is in use', async () => {
    await expect(catalogue.list(withPermissions(['events:read', 'events:write']))).rejects.toThrow(PermissionError);
    const { pb2 } = await race();
    await expect(catalogue.delete(admin, 'qualifications', pb2.id)).rejects.toThrow(
      new ConflictError('Powerboat Level 2 is used by Safety boat driver: change that first'),
    );
    await expect(catalogue.saveQualification(admin, null, { name: 'POWERBOAT LEVEL 2', validityMonths: null })).rejects.toThrow(ConflictError);
    await expect(catalogue.saveQualification(admin, 'no-such', { name: 'X', validityMonths: null })).rejects.toThrow(NotFoundError);
    await expect(catalogue.saveDutyType(admin, null, { name: 'Y', description: '', qualificationIds: ['nope'] })).rejects.toThrow(ValidationError);
    const renamed = await catalogue.saveQualification(admin, pb2.id, { name: 'RYA Powerboat Level 2', validityMonths: null });
    expect((await catalogue.list(admin)).qualifications).toEqual([renamed]);
  });

  it('shows who could take each slot; an override needs a reason and is kept in the audit log', async () => {
    const { safetySlot } = await race();
    let roster = await events.roster(admin, 'race');
    expect(roster.light).toBe('red');
    expect(roster.slots[0].candidates.map((c) => [c.memberId, c.ineligible, c.busy])).toEqual([
      ['ann', 'Needs Powerboat Level 2', false],
      ['bob', 'Needs Powerboat Level 2', false],
      ['cat', 'Needs Powerboat Level 2', false],
    ]);
    await expect(events.assign(admin, safetySlot.id, { memberId: 'ann' })).rejects.toThrow(ValidationError);
    await events.assign(admin, safetySlot.id, { memberId: 'ann', overrideReason: 'Assessed last week' });
    const entry = (await w.audit.list({ limit: 100 })).find((e) => e.action === 'duty.assigned-override');
    expect(entry?.summary).toBe(
      'Assigned Member ann to Safety boat driver at Summer Regatta, not eligible (Needs Powerboat Level 2); reason: Assessed last week',
    );
    roster = await events.roster(admin, 'race');
    expect(roster.slots[0].holders).toEqual([{ memberId: 'ann', name: 'Member ann', overrideReason: 'Assessed last week' }]);
    expect(roster.slots[1].candidates.find((c) => c.memberId === 'ann')?.busy).toBe(true);
    await events.unassign(admin, safetySlot.id, 'ann');
    await expect(events.unassign(admin, safetySlot.id, 'ann')).rejects.toThrow(NotFoundError);
    expect(await events.lights(admin)).toEqual({ race: 'red' });
  });

  it('an event with members on duty cannot be deleted; once they are off, its slots go with it', async () => {
    const { galleySlot } = await race();
    await volunteer.execute('cat', galleySlot.id);
    const remove = new DeleteEvent({ ...w });
    const editor = anAdmin({ permissions: ['events:read', 'events:write'] });
    await expect(remove.execute(editor, 'race')).rejects.toThrow(new ConflictError(EVENT_HAS_DUTIES));
    await withdraw.execute('cat', galleySlot.id);
    await remove.execute(editor, 'race');
    expect(await w.duties.listSlots('race')).toEqual([]);
  });
});

describe('a swap request to more members than one write holds', () => {
  it('writes the first e-mails with the request and the rest just after it, one to each member', async () => {
    const { galleySlot } = await race();
    for (let i = 0; i < SWAP_MAIL_WITH_THE_REQUEST; i += 1) await w.members.create(makeMember(`crew-${i}`, { email: `crew-${i}@example.org` }));
    await volunteer.execute('ann', galleySlot.id);
    let withTheRequest = 0;
    const dutySwaps: DutySwapRepository = Object.assign(Object.create(w.dutySwaps) as DutySwapRepository, {
      create: (swap: Parameters<DutySwapRepository['create']>[0], mail: Parameters<DutySwapRepository['create']>[1] = []) => {
        withTheRequest = mail.length;
        return w.dutySwaps.create(swap, mail);
      },
    });
    const { offeredTo } = await new DutySwaps({ ...w, dutySwaps }).ask(makeMember('ann'), galleySlot.id, { toMemberId: null });
    expect(offeredTo).toBe(SWAP_MAIL_WITH_THE_REQUEST + 2);
    expect(withTheRequest).toBe(SWAP_MAIL_WITH_THE_REQUEST);
    const requests = (await w.outbox.list({ limit: 10_000 })).filter((m) => m.kind === DUTY_SWAP_REQUEST_KIND);
    expect(new Set(requests.map((m) => m.mail.to)).size).toBe(SWAP_MAIL_WITH_THE_REQUEST + 2);
    expect(requests).toHaveLength(SWAP_MAIL_WITH_THE_REQUEST + 2);
  });
});
