import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkDay, WorkDaySignup } from '../../../../core/work-days/work-day';
import {
  applyWorkDayForm,
  emptyWorkDayForm,
  mayDeleteJob,
  newWorkDay,
  validateWorkDayForm,
  WORK_DAY_FORM_MESSAGES,
  workDayChangeRefusal,
  workDayToFormValues,
  type WorkDayFormValues,
} from '../../../../core/work-days/work-day-form';
import { signupRefusal, WORK_DAY_MESSAGES } from '../../../../core/work-days/work-days';
import { aWorkDay } from '../../../support/entities';

const form = (overrides: Partial<WorkDayFormValues> = {}): WorkDayFormValues => ({
  ...emptyWorkDayForm(),
  name: 'Spring clean',
  date: '2026-04-11T09:00',
  jobs: [{ id: '', title: 'Paint the hut', description: '', volunteersNeeded: '2', closed: false }],
  ...overrides,
});

const signup = (selectedJobs: string[], i = 0): Pick<WorkDaySignup, 'workDayId' | 'firstName' | 'lastName' | 'selectedJobs'> => ({
  workDayId: 'spring-clean',
  firstName: `V${i}`,
  lastName: 'Helper',
  selectedJobs,
});

/** A stored day with up to three jobs and some sign-ups choosing among them. */
const dayWithSignups = fc
  .tuple(
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
    fc.array(fc.subarray(['j0', 'j1', 'j2'], { minLength: 1 }), { maxLength: 8 }),
  )
  .map(([needs, choices]) => {
    const day = aWorkDay({ jobs: needs.map((n, i) => ({ id: `j${i}`, title: `Job ${i}`, description: '', volunteersNeeded: n })) });
    const known = new Set(day.jobs.map((j) => j.id));
    return {
      day,
      signups: choices
        .map((c, i) =>
          signup(
            c.filter((id) => known.has(id)),
            i,
          ),
        )
        .filter((s) => s.selectedJobs.length > 0),
    };
  });

describe('the work-day form', () => {
  it('a valid form round-trips: stored, opened for editing, checked again, it gives the same fields', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '' && s.trim().length === s.length),
        fc.array(
          fc.tuple(
            fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() === s && s !== ''),
            fc.integer({ min: 1, max: 500 }),
            fc.boolean(),
          ),
          { maxLength: 30 },
        ),
        fc.boolean(),
        fc.boolean(),
        (name, jobs, active, foodAvailable) => {
          const checked = validateWorkDayForm(
            form({
              name,
              active,
              foodAvailable,
              jobs: jobs.map(([title, n, closed]) => ({ id: '', title, description: '', volunteersNeeded: String(n), closed })),
            }),
          );
          expect(checked.ok).toBe(true);
          if (!checked.ok) return;
          const day = newWorkDay('wd', checked.value, (row) => `job-${row}`);
          expect(day.jobs.map((j) => [j.title, j.volunteersNeeded, j.closed === true])).toEqual(jobs);
          const again = validateWorkDayForm(workDayToFormValues(day));
          expect(again.ok && applyWorkDayForm(day, again.value, () => 'unused')).toEqual({ ok: true, workDay: day });
        },
      ),
    );
  });

  it('names every refused field, job rows by position', () => {
    const checked = validateWorkDayForm(
      form({
        name: '   ',
        date: '2026-02-30T09:00',
        jobs: [
          { id: '', title: ' ', description: '', volunteersNeeded: '2', closed: false },
          { id: '', title: 'Paint', description: '', volunteersNeeded: '0', closed: false },
          { id: '', title: 'Gate', description: '', volunteersNeeded: '501', closed: false },
          { id: '', title: 'Bar', description: '', volunteersNeeded: '2.5', closed: false },
        ],
      }),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: WORK_DAY_FORM_MESSAGES.nameRequired,
        date: WORK_DAY_FORM_MESSAGES.dateInvalid,
        'jobs.0.title': WORK_DAY_FORM_MESSAGES.jobTitleRequired,
        'jobs.1.volunteersNeeded': WORK_DAY_FORM_MESSAGES.volunteersInvalid,
        'jobs.2.volunteersNeeded': WORK_DAY_FORM_MESSAGES.volunteersInvalid,
        'jobs.3.volunteersNeeded': WORK_DAY_FORM_MESSAGES.volunteersInvalid,
      },
    });
  });

  it('volunteers needed: exactly the whole numbers 1 to 500 pass', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1000, max: 2000 }).map(String), fc.string({ maxLength: 6 })), (text) => {
        const checked = validateWorkDayForm(form({ jobs: [{ id: '', title: 'Paint', description: '', volunteersNeeded: text, closed: false }] }));
        const n = Number(text.trim());
        const valid = /^\d+$/.test(text.trim()) && n >= 1 && n <= 500;
        expect(checked.ok).toBe(valid);
      }),
    );
  });

  it('an empty date is Date TBC (no date), and a typed one is London time', () => {
    const tbc = validateWorkDayForm(form({ date: '' }));
    expect(tbc.ok && tbc.value.date).toBeNull();
    const summer = validateWorkDayForm(form({ date: '2026-07-04T09:00' }));
    expect(summer.ok && summer.value.date).toBe('2026-07-04T08:00:00.000Z');
  });

  it('editing keeps the jobs named by id, adds new rows, deletes missing jobs, keeps the archived flag; an unknown id is refused', () => {
    const stored: WorkDay = aWorkDay({ archived: true });
    const values = workDayToFormValues(stored);
    const checked = validateWorkDayForm({
      ...values,
      jobs: [values.jobs[1], { id: '', title: 'Gate', description: '', volunteersNeeded: '1', closed: false }],
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const applied = applyWorkDayForm(stored, checked.value, (row) => `new-${row}`);
    expect(applied.ok && applied.workDay.jobs.map((j) => j.id)).toEqual(['paint', 'new-1']);
    expect(applied.ok && applied.workDay.archived).toBe(true);
    const gone = validateWorkDayForm({ ...values, jobs: [{ ...values.jobs[0], id: 'removed-meanwhile' }] });
    expect(gone.ok && applyWorkDayForm(stored, gone.value, () => 'x')).toEqual({ ok: false, errors: { 'jobs.0.title': WORK_DAY_FORM_MESSAGES.jobGone } });
  });
});

describe('changing a work day against its sign-ups', () => {
  it('a job may be deleted exactly when nobody signed up for it', () => {
    fc.assert(
      fc.property(dayWithSignups, fc.nat(2), ({ day, signups }, pick) => {
        const job = day.jobs[pick % day.jobs.length];
        const after = { jobs: day.jobs.filter((j) => j.id !== job.id) };
        const taken = signups.filter((s) => s.selectedJobs.includes(job.id)).length;
        const refusal = workDayChangeRefusal(day, after, signups);
        expect(mayDeleteJob(job.id, signups)).toBe(taken === 0);
        // Counts may already exceed the need in generated data; only the deletion is judged here.
        if (
          signups.every((s) =>
            s.selectedJobs.every(
              (id) => id === job.id || signups.filter((t) => t.selectedJobs.includes(id)).length <= day.jobs.find((j) => j.id === id)!.volunteersNeeded,
            ),
          )
        ) {
          expect(refusal === null).toBe(taken === 0);
        }
        if (taken > 0) expect(refusal).not.toBeNull();
      }),
    );
  });

  it('a job may need any number from its sign-ups up, never fewer', () => {
    fc.assert(
      fc.property(fc.nat(8), fc.integer({ min: 1, max: 10 }), (taken, needed) => {
        const day = aWorkDay({ jobs: [{ id: 'paint', title: 'Paint the hut', description: '', volunteersNeeded: 10 }] });
        const signups = Array.from({ length: taken }, (_, i) => signup(['paint'], i));
        const refusal = workDayChangeRefusal(day, { jobs: [{ ...day.jobs[0], volunteersNeeded: needed }] }, signups);
        expect(refusal).toEqual(
          needed >= taken ? null : { message: WORK_DAY_FORM_MESSAGES.fewerThanSignedUp('Paint the hut', taken), field: 'jobs.0.volunteersNeeded' },
        );
      }),
    );
  });

  it('closing a job keeps its volunteers and refuses every new sign-up that chooses it, whatever its count', () => {
    fc.assert(
      fc.property(dayWithSignups, fc.nat(2), fc.subarray(['j0', 'j1', 'j2'], { minLength: 1 }), ({ day, signups }, pick, chosen) => {
        const closedId = day.jobs[pick % day.jobs.length].id;
        const closed = { ...day, jobs: day.jobs.map((j) => (j.id === closedId ? { ...j, closed: true } : j)) };
        expect(workDayChangeRefusal(day, closed, signups)).toEqual(workDayChangeRefusal(day, day, signups));
        const known = chosen.filter((id) => day.jobs.some((j) => j.id === id));
        fc.pre(known.length > 0);
        const refusal = signupRefusal(closed, signups, { firstName: 'New', lastName: 'Volunteer', selectedJobs: known });
        if (known.includes(closedId))
          expect(refusal).toEqual({ reason: 'closed', message: WORK_DAY_MESSAGES.jobsClosed([`Job ${closedId.slice(1)}`]), closedJobs: [closedId] });
        else expect(refusal?.reason).not.toBe('closed');
      }),
    );
  });

  it('a sign-up for a job the day no longer has is refused', () => {
    expect(signupRefusal(aWorkDay(), [], { firstName: 'A', lastName: 'B', selectedJobs: ['gone'] })).toEqual({
      reason: 'unknown',
      message: WORK_DAY_MESSAGES.unknownJob,
    });
  });
});
