import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkDay, WorkDaySignup } from '../../../../core/work-days/work-day';
import { WORK_DAY_MESSAGES, isJobFull, signupRefusal, volunteerNameKey, withVolunteerCounts } from '../../../../core/work-days/work-days';
import { aWorkDay } from '../../../support/entities';

const workDay: WorkDay = aWorkDay({
  id: 'wd-1',
  jobs: [
    { id: 'paint', title: 'Painting', description: '', volunteersNeeded: 3 },
    { id: 'slip', title: 'Slipway', description: '', volunteersNeeded: 1 },
    { id: 'none', title: 'Nothing needed', description: '', volunteersNeeded: 0 },
  ],
});

type Attempt = Pick<WorkDaySignup, 'firstName' | 'lastName' | 'selectedJobs'>;
type Stored = Pick<WorkDaySignup, 'workDayId' | 'firstName' | 'lastName' | 'selectedJobs'>;

const names = fc.constantFrom('Ann', 'ann', ' Ann ', 'Bob', 'Cy', 'Dee', 'Éva', 'E\u0301va');
const attemptArb: fc.Arbitrary<Attempt> = fc.record({
  firstName: names,
  lastName: fc.constantFrom('Sailor', 'SAILOR', 'Smith', 'Jones'),
  selectedJobs: fc.uniqueArray(fc.constantFrom('paint', 'slip', 'none'), { maxLength: 3 }),
});

/** Applies the rule as the repository does: each attempt against what has been stored so far. */
function applyInTurn(attempts: Attempt[]): { stored: Stored[]; refusals: ReturnType<typeof signupRefusal>[] } {
  const stored: Stored[] = [];
  const refusals: ReturnType<typeof signupRefusal>[] = [];
  for (const attempt of attempts) {
    const refusal = signupRefusal(workDay, stored, attempt);
    refusals.push(refusal);
    if (refusal === null) stored.push({ workDayId: workDay.id, ...attempt });
  }
  return { stored, refusals };
}

describe('work-day capacity and duplicate properties', () => {
  it('whatever sign-ups arrive, no job ever has more volunteers than it needs and no name is stored twice', () => {
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 40 }), (attempts) => {
        const { stored } = applyInTurn(attempts);
        for (const job of withVolunteerCounts(workDay, stored).jobs) expect(job.currentVolunteers).toBeLessThanOrEqual(job.volunteersNeeded);
        const keys = stored.map(volunteerNameKey);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('a sign-up is refused exactly when its name is taken or one of its jobs is full, and says which', () => {
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 15 }), attemptArb, (before, attempt) => {
        const { stored } = applyInTurn(before);
        const refusal = signupRefusal(workDay, stored, attempt);
        const taken = stored.some((s) => volunteerNameKey(s) === volunteerNameKey(attempt));
        const counted = withVolunteerCounts(workDay, stored).jobs;
        const full = counted.filter((j) => attempt.selectedJobs.includes(j.id) && j.currentVolunteers >= j.volunteersNeeded);
        if (taken) expect(refusal?.reason).toBe('duplicate');
        else if (full.length > 0)
          expect(refusal).toEqual({ reason: 'full', fullJobs: full.map((j) => j.id), message: WORK_DAY_MESSAGES.jobsFull(full.map((j) => j.title)) });
        else expect(refusal).toBeNull();
      }),
    );
  });

  it('only the same work day counts: sign-ups of other days neither fill jobs nor take names', () => {
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 15 }), attemptArb, (others, attempt) => {
        const elsewhere = others.map((s) => ({ ...s, workDayId: 'wd-2' }));
        const onlyHere = signupRefusal(workDay, [], attempt);
        expect(signupRefusal(workDay, elsewhere, attempt)).toEqual(onlyHere);
      }),
    );
  });

  it('a name matches whatever its case, spacing or Unicode form', () => {
    fc.assert(
      fc.property(fc.constantFrom('Ann', 'Éva', 'Mary Jo'), fc.constantFrom('Sailor', "O'Neil"), fc.nat(3), fc.nat(3), (first, last, pad1, pad2) => {
        const spaced = { firstName: `${' '.repeat(pad1)}${first.toUpperCase()}`, lastName: `${last.toLowerCase()}${' '.repeat(pad2)}` };
        expect(volunteerNameKey(spaced)).toBe(volunteerNameKey({ firstName: first.normalize('NFD'), lastName: last }));
      }),
    );
  });
});

describe('work-day capacity examples', () => {
  it('refuses a repeat sign-up by name with a clear message, before looking at the jobs', () => {
    const stored: Stored[] = [{ workDayId: 'wd-1', firstName: 'Ann', lastName: 'Sailor', selectedJobs: ['slip'] }];
    expect(signupRefusal(workDay, stored, { firstName: 'ann ', lastName: ' SAILOR', selectedJobs: ['slip'] })).toEqual({
      reason: 'duplicate',
      message: 'ann SAILOR has already signed up for this work day. One sign-up per person: it can list several jobs.',
    });
  });

  it('refuses a full job by its title; an other job alone is never full', () => {
    const stored: Stored[] = [{ workDayId: 'wd-1', firstName: 'Ann', lastName: 'Sailor', selectedJobs: ['slip'] }];
    expect(signupRefusal(workDay, stored, { firstName: 'Bob', lastName: 'Smith', selectedJobs: ['paint', 'slip'] })?.message).toBe(
      'Sorry, the job "Slipway" is already full. Please choose another job.',
    );
    expect(signupRefusal(workDay, stored, { firstName: 'Bob', lastName: 'Smith', selectedJobs: ['slip', 'none'] })?.message).toBe(
      'Sorry, these jobs are already full: "Slipway", "Nothing needed". Please choose other jobs.',
    );
    expect(signupRefusal(workDay, stored, { firstName: 'Bob', lastName: 'Smith', selectedJobs: [] })).toBeNull();
  });

  it('a job is full at its count, not before', () => {
    expect(isJobFull({ volunteersNeeded: 2, currentVolunteers: 1 })).toBe(false);
    expect(isJobFull({ volunteersNeeded: 2, currentVolunteers: 2 })).toBe(true);
    expect(isJobFull({ volunteersNeeded: 0, currentVolunteers: 0 })).toBe(true);
  });
});
