import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkDaySignup, WorkDayWithCounts } from '../../../../core/work-days/work-day';
import { csvCell } from '../../../../core/shared/csv';
import {
  jobShortfall,
  nextShortWorkDays,
  volunteersShort,
  WORK_DAY_CSV_HEADER,
  workDayAuditFields,
  workDayCsvFileName,
  workDaySignupsCsv,
} from '../../../../core/work-days/work-day-roster';
import { withVolunteerCounts } from '../../../../core/work-days/work-days';
import { ANN_PAINTING, aSignup, aWorkDay } from '../../../support/entities';

const job = fc.record({ needed: fc.integer({ min: 0, max: 20 }), current: fc.integer({ min: 0, max: 25 }), closed: fc.boolean() });

function dayWith(
  id: string,
  date: string | null,
  jobs: { needed: number; current: number; closed: boolean }[],
  extra: Partial<WorkDayWithCounts> = {},
): WorkDayWithCounts {
  return {
    ...aWorkDay({ id, name: `Day ${id}`, date }),
    jobs: jobs.map((j, i) => ({
      id: `j${i}`,
      title: `Job ${i}`,
      description: '',
      volunteersNeeded: j.needed,
      currentVolunteers: j.current,
      ...(j.closed ? { closed: true } : {}),
    })),
    ...extra,
  };
}

const signup = (overrides: Partial<WorkDaySignup>): WorkDaySignup =>
  aSignup({ ...ANN_PAINTING, id: 's1', wantsFood: true, submittedAt: '2026-04-01T09:00:00.000Z', ...overrides });

describe('short of volunteers', () => {
  it('an open job is short by what it still needs; a closed or filled one is not short', () => {
    fc.assert(
      fc.property(job, ({ needed, current, closed }) => {
        const shortfall = jobShortfall({ volunteersNeeded: needed, currentVolunteers: current, closed });
        expect(shortfall).toBe(closed ? 0 : Math.max(0, needed - current));
        expect(shortfall).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a day is short by the sum over its jobs, and only when some open job is not full', () => {
    fc.assert(
      fc.property(fc.array(job, { maxLength: 5 }), (jobs) => {
        const day = dayWith('a', '2026-07-01T09:00:00.000Z', jobs);
        expect(volunteersShort(day)).toBe(jobs.reduce((sum, j) => sum + (j.closed ? 0 : Math.max(0, j.needed - j.current)), 0));
        expect(volunteersShort(day) > 0).toBe(jobs.some((j) => !j.closed && j.current < j.needed));
      }),
    );
  });

  it('the dashboard lists only upcoming, active, unarchived, short days, soonest first, at most three', () => {
    const now = new Date('2026-06-01T09:00:00.000Z');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offsetDays: fc.integer({ min: -30, max: 60 }),
            dated: fc.boolean(),
            active: fc.boolean(),
            archived: fc.boolean(),
            jobs: fc.array(job, { maxLength: 3 }),
          }),
          { maxLength: 8 },
        ),
        (specs) => {
          const days = specs.map((s, i) =>
            dayWith(`d${i}`, s.dated ? new Date(now.getTime() + s.offsetDays * 86_400_000).toISOString() : null, s.jobs, {
              active: s.active,
              archived: s.archived,
            }),
          );
          const listed = nextShortWorkDays(days, now);
          const eligible = days.filter(
            (d) => d.active && d.archived !== true && d.date !== null && Date.parse(d.date) >= now.getTime() && volunteersShort(d) > 0,
          );
          expect(listed.length).toBe(Math.min(3, eligible.length));
          for (const entry of listed) expect(eligible.map((d) => d.id)).toContain(entry.id);
          const times = listed.map((e) => Date.parse(e.date));
          expect([...times].sort((a, b) => a - b)).toEqual(times);
          // Nothing sooner was left out.
          if (listed.length > 0) {
            const last = times[times.length - 1];
            expect(eligible.filter((d) => Date.parse(d.date!) < last).length).toBeLessThanOrEqual(listed.length);
          }
        },
      ),
    );
  });
});

describe('the sign-ups CSV', () => {
  it('has one line per sign-up, every cell passed through the bookings CSV’s formula-safe csvCell', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            firstName: fc.string({ minLength: 1 }),
            lastName: fc.string({ minLength: 1 }),
            otherJob: fc.string(),
            notes: fc.string(),
            email: fc.option(fc.string({ minLength: 3 })),
          }),
          { maxLength: 5 },
        ),
        (rows) => {
          const day = aWorkDay();
          const signups = rows.map((r, i) => signup({ ...r, id: `s${i}` }));
          const csv = workDaySignupsCsv(day, signups);
          // The e-mail address in its own column, empty when none was given.
          const expected = [
            WORK_DAY_CSV_HEADER.join(','),
            ...signups.map((s) =>
              ['2026-04-01 10:00', s.firstName, s.lastName, s.email ?? '', 'Paint the hut', s.otherJob, s.notes, 'No', 'Yes'].map(csvCell).join(','),
            ),
          ];
          expect(csv).toBe(`${expected.join('\r\n')}\r\n`);
        },
      ),
    );
  });

  it('never starts a cell with a formula character', () => {
    const csv = workDaySignupsCsv(aWorkDay(), [signup({ firstName: '=1+1', lastName: '@SUM(A1)', otherJob: '-2', notes: '+3' })]);
    expect(csv.split('\r\n')[1]).toBe("2026-04-01 10:00,'=1+1,'@SUM(A1),,Paint the hut,'-2,'+3,No,Yes");
  });

  it('is named after the day', () => {
    expect(workDayCsvFileName({ name: 'Spring Clean 2026!' })).toBe('spring_clean_2026_signups.csv');
    expect(workDayCsvFileName({ name: '???' })).toBe('work_day_signups.csv');
  });
});

describe('the audit fields', () => {
  it('records each job as one field, so closing it shows as that job’s change', () => {
    const open = workDayAuditFields(aWorkDay());
    const closed = workDayAuditFields(aWorkDay({ jobs: aWorkDay().jobs.map((j) => (j.id === 'paint' ? { ...j, closed: true } : j)) }));
    expect(open['job paint']).toBe('Paint the hut · 2 needed');
    expect(closed['job paint']).toBe('Paint the hut · 2 needed · closed');
    expect(closed['job slipway']).toBe(open['job slipway']);
    expect(workDayAuditFields(null)).toEqual({});
  });

  it('counts volunteers per job as the admin screen shows them', () => {
    const counted = withVolunteerCounts(aWorkDay(), [signup({ selectedJobs: ['paint', 'slipway'] }), signup({ id: 's2', selectedJobs: ['paint'] })]);
    expect(counted.jobs.map((j) => j.currentVolunteers)).toEqual([1, 2]);
    expect(volunteersShort(counted)).toBe(3);
  });
});
