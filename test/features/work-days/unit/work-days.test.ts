import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { WorkDay, WorkDaySignupForm } from '../../../../core/work-days/work-day';
import { WORK_DAY_MESSAGES, jobsChosen, validateWorkDaySignup, withVolunteerCounts } from '../../../../core/work-days/work-days';
import { ANN_PAINTING, aWorkDay } from '../../../support/entities';

const workDay: WorkDay = aWorkDay({
  id: 'wd-1',
  name: 'Spring Work Day',
  description: 'Getting the club ready',
  notes: '',
  jobs: [
    { id: 'paint', title: 'Painting', description: 'Paint the hut', volunteersNeeded: 4 },
    { id: 'slip', title: 'Slipway', description: 'Clear the slipway', volunteersNeeded: 2 },
    { id: 'boats', title: 'Safety boats', description: 'Service engines', volunteersNeeded: 2 },
  ],
});

function form(overrides: Partial<WorkDaySignupForm> = {}): WorkDaySignupForm {
  return { ...ANN_PAINTING, otherJob: '', notes: '', wantsFood: false, email: '', ...overrides };
}

const jobIds = fc.subarray(['paint', 'slip', 'boats']);

describe('work day properties', () => {
  it('a sign-up with a job and both names passes; jobs chosen counts ticks plus a written-in job', () => {
    fc.assert(
      fc.property(jobIds, fc.string(), fc.boolean(), fc.boolean(), (selectedJobs, otherJob, wantsFood, foodAvailable) => {
        fc.pre(selectedJobs.length > 0 || otherJob.trim() !== '');
        const result = validateWorkDaySignup(form({ selectedJobs, otherJob, wantsFood }), { ...workDay, foodAvailable });
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.value.wantsFood).toBe(foodAvailable && wantsFood);
          expect(jobsChosen(result.value)).toBe(selectedJobs.length + (otherJob.trim() !== '' ? 1 : 0));
        }
      }),
    );
  });

  it('no job and no other job fails with the spec message, whatever the names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom('', '  ', '\n'), (firstName, lastName, otherJob) => {
        expect(validateWorkDaySignup(form({ firstName, lastName, selectedJobs: [], otherJob }), workDay)).toEqual({
          ok: false,
          message: "Please select at least one job you'd like to help with",
        });
      }),
    );
  });

  it('the optional e-mail: blank is none, a valid address is kept trimmed, anything else is refused with the booking form’s message', () => {
    fc.assert(
      fc.property(fc.constantFrom('', ' ', '\t'), (blank) => {
        const result = validateWorkDaySignup(form({ email: blank }), workDay);
        expect(result.ok && result.value.email).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '  '), (email, pad) => {
        fc.pre(z.email().safeParse(email).success);
        const result = validateWorkDaySignup(form({ email: `${pad}${email}${pad}` }), workDay);
        expect(result).toMatchObject({ ok: true, value: { email } });
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => !text.includes('@') && text.trim() !== ''),
        (notAnAddress) => {
          expect(validateWorkDaySignup(form({ email: notAnAddress }), workDay)).toEqual({ ok: false, message: 'Please enter a valid email address' });
        },
      ),
    );
    // The job and the names are asked about first, as the page shows them.
    expect(validateWorkDaySignup(form({ firstName: '', email: 'nope' }), workDay)).toEqual({ ok: false, message: 'Please enter your first and last name' });
  });

  it('volunteer counts equal the sign-ups for this day that chose each job', () => {
    const signupArb = fc.record({
      workDayId: fc.constantFrom('wd-1', 'wd-2'),
      selectedJobs: fc.array(fc.constantFrom<string>('paint', 'slip', 'boats', 'gone')),
    });
    fc.assert(
      fc.property(fc.array(signupArb, { maxLength: 30 }), (signups) => {
        const counted = withVolunteerCounts(workDay, signups);
        for (const job of counted.jobs) {
          expect(job.currentVolunteers).toBe(signups.filter((s) => s.workDayId === 'wd-1' && s.selectedJobs.includes(job.id)).length);
        }
        expect(counted.jobs.map((j) => j.id)).toEqual(['paint', 'slip', 'boats']);
      }),
    );
  });
});

describe('work day examples', () => {
  it('keeps the spec messages word for word', () => {
    expect(WORK_DAY_MESSAGES).toMatchObject({
      jobRequired: "Please select at least one job you'd like to help with",
      nameRequired: 'Please enter your first and last name',
      submitFailed: 'Failed to submit your booking. Please try again.',
      notSpecified: 'No work day specified',
      notFound: 'Work Day Not Found',
    });
  });

  it('needs both names after trimming', () => {
    expect(validateWorkDaySignup(form({ firstName: '  ' }), workDay)).toEqual({ ok: false, message: 'Please enter your first and last name' });
    expect(validateWorkDaySignup(form({ lastName: '' }), workDay)).toEqual({ ok: false, message: 'Please enter your first and last name' });
  });

  it('refuses a job the day does not have', () => {
    expect(validateWorkDaySignup(form({ selectedJobs: ['paint', 'moon'] }), workDay)).toEqual({ ok: false, message: 'Unknown job' });
  });

  it('accepts only an other job, trims text, counts a job ticked twice once and drops food when none is offered', () => {
    expect(validateWorkDaySignup(form({ selectedJobs: [], otherJob: ' Fix the gate ' }), workDay)).toEqual({
      ok: true,
      value: {
        firstName: 'Ann',
        lastName: 'Sailor',
        selectedJobs: [],
        otherJob: 'Fix the gate',
        notes: '',
        bringingTools: false,
        wantsFood: false,
        email: null,
      },
    });
    const result = validateWorkDaySignup(form({ firstName: ' Ann ', selectedJobs: ['slip', 'slip'], notes: ' Late ', bringingTools: true, wantsFood: true }), {
      ...workDay,
      foodAvailable: false,
    });
    expect(result).toEqual({
      ok: true,
      value: { firstName: 'Ann', lastName: 'Sailor', selectedJobs: ['slip'], otherJob: '', notes: 'Late', bringingTools: true, wantsFood: false, email: null },
    });
    expect(jobsChosen({ selectedJobs: ['a', 'b'], otherJob: 'c' })).toBe(3);
  });
});
