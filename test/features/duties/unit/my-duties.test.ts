import { beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import { DUTY_MESSAGES } from '../../../../core/duties/duties';
import { ManageDutyCatalogue } from '../../../../core/duties/manage-duty-catalogue';
import { ManageEventDuties } from '../../../../core/duties/event-duties';
import { ManageMemberQualifications } from '../../../../core/duties/manage-member-qualifications';
import { GetMyDuties } from '../../../../core/duties/my-duties';
import { VolunteerForDuty } from '../../../../core/duties/volunteer-for-duty';
import { WithdrawFromDuty } from '../../../../core/duties/withdraw-from-duty';
import { makeWorld, REGATTA, type World } from '../../../support/unit/world';
import { anAdmin, anEvent } from '../../../support/entities';
import { makeMember } from '../../../support/unit/domain-fixtures';

// The members' duties page (today is 1 June 2026, 09:00 UTC).
const admin = anAdmin({ permissions: ['duties:write', 'events:read'] });
let w: World;
let myDuties: GetMyDuties;
let volunteer: VolunteerForDuty;
let withdraw: WithdrawFromDuty;

beforeEach(async () => {
  w = makeWorld();
  myDuties = new GetMyDuties({ ...w });
  volunteer = new VolunteerForDuty({ ...w });
  withdraw = new WithdrawFromDuty({ ...w });
  for (const id of ['ann', 'bob']) await w.members.create(makeMember(id));
});

/** A race on 4 July with a safety boat slot (needs Powerboat Level 2) and a galley slot; a race today that has started; a cancelled one. */
async function season() {
  const catalogue = new ManageDutyCatalogue({ ...w });
  const rosters = new ManageEventDuties({ ...w });
  const pb2 = await catalogue.saveQualification(admin, null, { name: 'Powerboat Level 2', validityMonths: null });
  const safety = await catalogue.saveDutyType(admin, null, { name: 'Safety boat driver', description: 'Drives the RIB', qualificationIds: [pb2.id] });
  const galley = await catalogue.saveDutyType(admin, null, { name: 'Galley', description: 'Teas', qualificationIds: [] });
  await w.events.create(
    anEvent({ ...REGATTA, id: 'race', name: 'Summer race', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T16:00:00.000Z' }),
  );
  await w.events.create(
    anEvent({ ...REGATTA, id: 'today', name: 'Today race', eventdatetime: '2026-06-01T08:00:00.000Z', eventenddatetime: '2026-06-01T16:00:00.000Z' }),
  );
  await w.events.create(
    anEvent({
      ...REGATTA,
      id: 'off',
      name: 'Called off',
      eventdatetime: '2026-07-11T09:00:00.000Z',
      eventenddatetime: '2026-07-11T16:00:00.000Z',
      cancelledAt: '2026-05-30T09:00:00.000Z',
      cancelReason: 'No wind',
    }),
  );
  const safetySlot = await rosters.addSlot(admin, 'race', { dutyTypeId: safety.id, needed: 2, optional: false });
  const galleySlot = await rosters.addSlot(admin, 'race', { dutyTypeId: galley.id, needed: 1, optional: true });
  const todaySlot = await rosters.addSlot(admin, 'today', { dutyTypeId: galley.id, needed: 1, optional: true });
  const offSlot = await rosters.addSlot(admin, 'off', { dutyTypeId: galley.id, needed: 1, optional: true });
  await new ManageMemberQualifications({ ...w }).set(admin, 'ann', pb2.id, { expiresOn: null });
  return { safetySlot, galleySlot, todaySlot, offSlot };
}

describe('a member’s duties page', () => {
  it('offers the open slots of events still to start that the member is eligible for; not a started or cancelled event’s', async () => {
    const { safetySlot, galleySlot } = await season();
    expect((await myDuties.execute(makeMember('ann'))).open.map((d) => [d.slotId, d.dutyTypeName, d.eventName, d.filled, d.needed])).toEqual([
      [safetySlot.id, 'Safety boat driver', 'Summer race', 0, 2],
      [galleySlot.id, 'Galley', 'Summer race', 0, 1],
    ]);
    // Bob lacks Powerboat Level 2.
    expect((await myDuties.execute(makeMember('bob'))).open.map((d) => d.slotId)).toEqual([galleySlot.id]);
    // A lapsed member is offered nothing.
    expect((await myDuties.execute(makeMember('bob', { renewalDate: '2026-07-03' }))).open).toEqual([]);
  });

  it('volunteering puts the duty among the member’s own, and takes the other slots at that time off their offers', async () => {
    const { safetySlot, galleySlot } = await season();
    await volunteer.execute('ann', galleySlot.id);
    const page = await myDuties.execute(makeMember('ann'));
    expect(page.duties).toEqual([
      {
        slotId: galleySlot.id,
        dutyTypeName: 'Galley',
        eventId: 'race',
        eventName: 'Summer race',
        start: '2026-07-04T09:00:00.000Z',
        end: '2026-07-04T16:00:00.000Z',
        swapId: null,
      },
    ]);
    expect(page.open).toEqual([]);
    // The galley is full: Bob is offered nothing.
    expect((await myDuties.execute(makeMember('bob'))).open).toEqual([]);
    await withdraw.execute('ann', galleySlot.id);
    expect((await myDuties.execute(makeMember('ann'))).open.map((d) => d.slotId)).toEqual([safetySlot.id, galleySlot.id]);
  });

  it('refuses volunteering for, or withdrawing from, a duty that has started; and a cancelled event’s', async () => {
    const { todaySlot, offSlot } = await season();
    await expect(volunteer.execute('ann', todaySlot.id)).rejects.toThrow(new ConflictError(DUTY_MESSAGES.started));
    await expect(volunteer.execute('ann', offSlot.id)).rejects.toThrow(new ConflictError(DUTY_MESSAGES.cancelled));
    await w.duties.assign({
      slotId: todaySlot.id,
      memberId: 'bob',
      eventId: 'today',
      window: { start: '2026-06-01T08:00:00.000Z', end: '2026-06-01T16:00:00.000Z' },
      assignedAt: '2026-05-01T00:00:00.000Z',
      overrideReason: null,
    });
    expect((await myDuties.execute(makeMember('bob'))).duties.map((d) => d.slotId)).toEqual([todaySlot.id]);
    await expect(withdraw.execute('bob', todaySlot.id)).rejects.toThrow(new ConflictError(DUTY_MESSAGES.started));
    await expect(withdraw.execute('ann', todaySlot.id)).rejects.toThrow(new NotFoundError(DUTY_MESSAGES.notHolding));
  });
});
