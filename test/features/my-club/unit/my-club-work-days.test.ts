import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWorkDayUpcoming } from '../../../../core/my-club/my-club-work-days';
import { londonMidnight } from '../../../../core/shared/london-time';
import { signupJobTitles } from '../../../../core/work-days/work-days';

const DAY_MS = 86_400_000;
const instant = fc.date({ min: new Date('2025-01-01T00:00:00.000Z'), max: new Date('2028-12-31T00:00:00.000Z'), noInvalidDate: true });

describe('isWorkDayUpcoming (My club’s upcoming work-day jobs)', () => {
  it('holds all through the work day’s London day and ends at the next London midnight; an undated day is always upcoming', () => {
    fc.assert(
      fc.property(instant, instant, (day, now) => {
        const date = day.toISOString();
        const midnight = londonMidnight(date.slice(0, 10));
        expect(isWorkDayUpcoming({ date: null }, now)).toBe(true);
        expect(isWorkDayUpcoming({ date }, day)).toBe(true);
        expect(isWorkDayUpcoming({ date }, new Date(day.getTime() - DAY_MS * 2))).toBe(true);
        expect(isWorkDayUpcoming({ date: midnight.toISOString() }, new Date(midnight.getTime() + 2 * DAY_MS))).toBe(false);
      }),
    );
  });
});

describe('signupJobTitles', () => {
  it('names each ticked job by its title (a deleted one by its id), in the order ticked, then a written-in job', () => {
    const job = fc.record({ id: fc.string({ minLength: 1, maxLength: 8 }), title: fc.string({ minLength: 1, maxLength: 20 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(job, { selector: (j) => j.id, maxLength: 6 }),
        fc.array(fc.nat(8), { maxLength: 6 }),
        fc.string({ maxLength: 20 }),
        (jobs, picks, otherJob) => {
          const selectedJobs = picks.map((i) => jobs[i]?.id ?? `gone-${i}`);
          const titles = signupJobTitles({ selectedJobs, otherJob }, { jobs: jobs.map((j) => ({ ...j, description: '', volunteersNeeded: 1 })) });
          expect(titles.slice(0, selectedJobs.length)).toEqual(picks.map((i) => jobs[i]?.title ?? `gone-${i}`));
          expect(titles.length).toBe(selectedJobs.length + (otherJob.trim() === '' ? 0 : 1));
        },
      ),
    );
  });
});
