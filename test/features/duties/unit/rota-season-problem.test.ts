import { describe, expect, it } from 'vitest';
import { rotaSeasonProblem, type RotaSeasonMember, type RotaSeasonSlot } from '../../../../core/duties/rota-season-problem';
import type { DutyAssignment } from '../../../../core/duty-rosters/duty-roster';

const RACE = { start: '2026-06-06T09:00:00.000Z', end: '2026-06-06T16:00:00.000Z' };
// A two-day regatta: Saturday 09:00 to Sunday 16:00 (London summer time is UTC+1).
const REGATTA = { start: '2026-06-13T08:00:00.000Z', end: '2026-06-14T15:00:00.000Z' };

function slot(id: string, window: typeof RACE, qualificationIds: string[], holders: string[] = [], needed = 2): RotaSeasonSlot {
  return {
    slot: {
      id,
      eventId: `ev-${id}`,
      dutyTypeId: qualificationIds.length > 0 ? 'safety' : 'galley',
      needed,
      holders: holders.map((memberId) => ({ memberId }) as DutyAssignment),
    },
    window,
    dutyType: { qualificationIds },
    allowsSecondDuty: false,
  };
}

const family = { scope: 'household', expected: 3, done: 0, pledged: 0 } as const;

function member(id: string, overrides: Partial<RotaSeasonMember> & { renewalDate?: string; disabled?: boolean } = {}): RotaSeasonMember {
  const { renewalDate = '2027-03-31', disabled = false, ...rest } = overrides;
  return { member: { id, renewalDate, disabled }, householdId: 'helm', quota: family, qualifications: [], unavailable: [], prefers: [], avoids: [], ...rest };
}

describe('a season as the rota fill sees it', () => {
  it('offers each member the slots the duty rules allow on their days, and none they are away for', () => {
    const problem = rotaSeasonProblem(
      [slot('race-galley', RACE, []), slot('race-safety', RACE, ['pb2']), slot('regatta-safety', REGATTA, ['pb2'])],
      [
        // Ann's Powerboat Level 2 lapses on the regatta's Saturday, so not for its Sunday.
        member('ann', { qualifications: [{ memberId: 'ann', qualificationId: 'pb2', expiresOn: '2026-06-13' }] }),
        // Bob is away on the regatta's second day; his qualification never expires.
        member('bob', { qualifications: [{ memberId: 'bob', qualificationId: 'pb2', expiresOn: null }], unavailable: ['2026-06-14'] }),
        // Cat's membership ends before the regatta; Dan has left.
        member('cat', { householdId: null, renewalDate: '2026-06-12', qualifications: [{ memberId: 'cat', qualificationId: 'pb2', expiresOn: null }] }),
        member('dan', { disabled: true }),
      ],
    );
    expect(Object.fromEntries(problem.people.map((person) => [person.memberId, person.eligibleSlotIds]))).toEqual({
      ann: ['race-galley', 'race-safety'],
      bob: ['race-galley', 'race-safety'],
      cat: ['race-galley', 'race-safety'],
      dan: [],
    });
    expect(problem.slots.map(({ id, date, open }) => ({ id, date, open }))).toEqual([
      { id: 'race-galley', date: '2026-06-06', open: 2 },
      { id: 'race-safety', date: '2026-06-06', open: 2 },
      { id: 'regatta-safety', date: '2026-06-13', open: 2 },
    ]);
  });

  it("counts a household's duties once against its quota, a member's own on theirs, and keeps the holders", () => {
    const problem = rotaSeasonProblem(
      [slot('race-galley', RACE, [], ['ann'], 3)],
      [
        // dutyQuota's household count is the same for each of its members: 1 done, 1 pledged elsewhere.
        member('ann', { quota: { ...family, done: 1, pledged: 1 } }),
        member('bob', { quota: { ...family, done: 1, pledged: 1 } }),
        member('cat', { quota: { scope: 'member', expected: 2, done: 0, pledged: 0 } }),
        member('eve', { householdId: null, quota: { scope: 'member', expected: 0, done: 0, pledged: 0 } }),
      ],
    );
    expect(problem.people.map(({ memberId, unitId }) => ({ memberId, unitId }))).toEqual([
      { memberId: 'ann', unitId: 'household:helm' },
      { memberId: 'bob', unitId: 'household:helm' },
      { memberId: 'cat', unitId: 'member:cat' },
      { memberId: 'eve', unitId: 'member:eve' },
    ]);
    expect(problem.units).toEqual([
      { id: 'household:helm', expected: 3, done: 2 },
      { id: 'member:cat', expected: 2, done: 0 },
      { id: 'member:eve', expected: 0, done: 0 },
    ]);
    expect(problem.holders).toEqual([{ slotId: 'race-galley', memberId: 'ann' }]);
    expect(problem.slots[0]!.open).toBe(2);
  });
});
