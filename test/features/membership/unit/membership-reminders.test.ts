import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import { REMINDER_LATE_DAYS, dueReminder, type SentReminder } from '../../../../core/membership/membership-reminders';
import { applyRenewal, paysUntil, renewalOpen } from '../../../../core/membership/membership-renewal';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { membershipYear } from '../../../../core/membership/membership-year';
import { addDaysToDate, daysBetweenDates } from '../../../../core/shared/london-time';
import { dateArb, yearArb } from './membership-arbitraries';

const reminderDaysArb = fc.array(fc.integer({ min: -90, max: 90 }), { maxLength: 8 });
const DEFAULTS = DEFAULT_MEMBERSHIP_SETTINGS;

interface Sent extends SentReminder {
  on: string;
}

/**
 * The daily reminder job over `days` days from `first`, running only on the days `runs` says,
 * sending what is due and recording it; the member renews (pays on that day) on `renewOn`, if given.
 */
function simulate(
  reminderDays: number[],
  renewalDate: string,
  first: string,
  runs: boolean[],
  renewOn?: { day: number; year: Parameters<typeof paysUntil>[0] },
) {
  const sent: Sent[] = [];
  let member = { renewalDate, disabled: false };
  let renewedOn: string | null = null;
  runs.forEach((run, i) => {
    const today = addDaysToDate(first, i);
    if (renewOn && i === renewOn.day && renewalOpen({ renewalWindowWeeks: 8 }, member.renewalDate, today)) {
      member = {
        ...member,
        renewalDate: applyRenewal(member.renewalDate, { paysUntil: paysUntil(renewOn.year, { life: false }, member.renewalDate, today) }).renewalDate,
      };
      renewedOn = today;
    }
    if (!run) return;
    const day = dueReminder({ reminderDays }, member, today, sent);
    if (day !== null) sent.push({ end: member.renewalDate, day, on: today });
  });
  // Assigned in the loop's callback, which TypeScript does not follow.
  return { sent, renewedOn: renewedOn as string | null, member };
}

describe('renewal reminders', () => {
  // The job's days: from 100 days before the end to 120 after, some days without a run.
  const runsArb = fc.array(fc.boolean(), { minLength: 221, maxLength: 221 });
  it('each at most once, in order, each on its day or at most REMINDER_LATE_DAYS late, only days the club chose', () => {
    fc.assert(
      fc.property(reminderDaysArb, dateArb, runsArb, (reminderDays, end, runs) => {
        const { sent } = simulate(reminderDays, end, addDaysToDate(end, -100), runs);
        const keys = sent.map((s) => `${s.end}/${s.day}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const [i, s] of sent.entries()) {
          expect(reminderDays).toContain(s.day);
          const late = daysBetweenDates(addDaysToDate(s.end, s.day), s.on);
          expect(late >= 0 && late <= REMINDER_LATE_DAYS).toBe(true);
          if (i > 0) expect(s.day).toBeGreaterThan(sent[i - 1].day);
        }
      }),
    );
  });

  it('with a run every day, every chosen reminder goes, each on its own day', () => {
    fc.assert(
      fc.property(reminderDaysArb, dateArb, (reminderDays, end) => {
        const { sent } = simulate(reminderDays, end, addDaysToDate(end, -100), Array<boolean>(221).fill(true));
        expect(sent.map((s) => s.day)).toEqual([...new Set(reminderDays)].sort((a, b) => a - b));
        for (const s of sent) expect(s.on).toBe(addDaysToDate(end, s.day));
      }),
    );
  });

  it('after days without a run only the latest due one goes: no burst of stale reminders', () => {
    fc.assert(
      fc.property(reminderDaysArb, dateArb, runsArb, (reminderDays, end, runs) => {
        const { sent } = simulate(reminderDays, end, addDaysToDate(end, -100), runs);
        // No two reminders on one day, and none skipped over a reminder due on the same run.
        expect(new Set(sent.map((s) => s.on)).size).toBe(sent.length);
        for (const s of sent) {
          const dueThatDay = reminderDays.filter((d) => addDaysToDate(end, d) <= s.on);
          expect(s.day).toBe(Math.max(...dueThatDay));
        }
      }),
    );
  });

  it('stop once renewed: none for the old end after renewing, none at all after renewing early for a year', () => {
    fc.assert(
      fc.property(reminderDaysArb, dateArb, runsArb, fc.integer({ min: 0, max: 220 }), yearArb, (reminderDays, end, runs, day, year) => {
        const { sent, renewedOn, member } = simulate(reminderDays, end, addDaysToDate(end, -100), runs, { day, year });
        if (renewedOn === null) return;
        expect(member.renewalDate > end).toBe(true);
        const after = sent.filter((s) => s.on >= renewedOn);
        for (const s of after) {
          expect(s.end).toBe(member.renewalDate);
          expect(s.on >= addDaysToDate(member.renewalDate, s.day)).toBe(true);
        }
        // An early renewal buys a whole year (on a fixed year, when the end was a year's end).
        const wholeYear = year.kind === 'rolling' || membershipYear(year, end).end === end;
        if (renewedOn <= end && wholeYear) expect(after).toEqual([]);
      }),
    );
  });

  it('none for a life member or a disabled one', () => {
    fc.assert(
      fc.property(reminderDaysArb, dateArb, dateArb, (reminderDays, end, today) => {
        expect(dueReminder({ reminderDays }, { renewalDate: LIFE_RENEWAL_DATE, disabled: false }, today, [])).toBeNull();
        expect(dueReminder({ reminderDays }, { renewalDate: end, disabled: true }, today, [])).toBeNull();
      }),
    );
  });

  it('the defaults for a membership ending 31 March 2027: 3 March, 24 March, 31 March, 14 April', () => {
    const member = { renewalDate: '2027-03-31', disabled: false };
    const due = (today: string, sent: SentReminder[] = []) => dueReminder(DEFAULTS, member, today, sent);
    expect(due('2027-03-02')).toBeNull();
    expect(due('2027-03-03')).toBe(-28);
    expect(due('2027-03-04', [{ end: '2027-03-31', day: -28 }])).toBeNull();
    expect(due('2027-03-24', [{ end: '2027-03-31', day: -28 }])).toBe(-7);
    // The job did not run from 23 March to 1 April: only the on-the-day one goes.
    expect(due('2027-04-01', [{ end: '2027-03-31', day: -28 }])).toBe(0);
    expect(due('2027-04-14', [{ end: '2027-03-31', day: 0 }])).toBe(14);
    expect(due('2027-04-21')).toBe(14);
    expect(due('2027-04-22')).toBeNull();
    // Sent for last year's end: this year's are still due.
    expect(due('2027-03-03', [{ end: '2026-03-31', day: -28 }])).toBe(-28);
  });
});
