import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seriesOccurrence } from '../../../../core/events/event-series';
import {
  lastDateOfCount,
  plainRecurrenceOf,
  plainRecurrenceRule,
  recurrenceDates,
  recurrenceRefusal,
  WEEKDAYS,
  type PlainRecurrence,
} from '../../../../core/events/recurrence';
import { addDaysToDate, londonDate, londonTime } from '../../../../core/shared/london-time';

/** A day from 2025 to 2028: ranges from it cross several clock changes. */
const firstDate = fc.integer({ min: 0, max: 4 * 365 }).map((days) => addDaysToDate('2025-01-01', days));
const plain = fc.record({
  frequency: fc.constantFrom('weekly' as const, 'monthly' as const),
  weekdays: fc.subarray([...WEEKDAYS], { minLength: 1 }),
  interval: fc.integer({ min: 1, max: 4 }),
  week: fc.constantFrom(1, 2, 3, 4, -1),
});
/** The London weekday of a date's 10:00 start, as RFC 5545 names it. */
const londonWeekday = (instant: string) => WEEKDAYS[(new Date(`${londonDate(new Date(instant))}T12:00:00Z`).getUTCDay() + 6) % 7];

describe('the plain fields of a series’ repeat', () => {
  it('build a rule whose dates all fall on the chosen weekdays, in London time, from the first date to the last, across the clock changes', () => {
    fc.assert(
      fc.property(plain, firstDate, fc.integer({ min: 0, max: 400 }), (fields, from, span) => {
        const until = addDaysToDate(from, span);
        const rule = plainRecurrenceRule(fields);
        expect(recurrenceRefusal(rule)).toBeNull();
        for (const date of recurrenceDates(rule, from, until)) {
          expect(date >= from && date <= until).toBe(true);
          const { eventdatetime } = seriesOccurrence(date, '10:00', '16:00');
          expect(londonDate(new Date(eventdatetime))).toBe(date);
          expect(londonTime(new Date(eventdatetime))).toBe('10:00');
          expect(fields.weekdays).toContain(londonWeekday(eventdatetime));
        }
      }),
    );
  });

  it('end after a count of dates: the last date is the count-th the rule gives', () => {
    fc.assert(
      fc.property(plain, firstDate, fc.integer({ min: 1, max: 30 }), (fields, from, count) => {
        const rule = plainRecurrenceRule(fields);
        const last = lastDateOfCount(rule, from, count);
        if (last === null) return;
        const dates = recurrenceDates(rule, from, last);
        expect(dates).toHaveLength(count);
        expect(dates.at(-1)).toBe(last);
      }),
    );
  });

  it('are read back from the rule they build, and a rule they cannot say is left to its text', () => {
    fc.assert(
      fc.property(plain, (fields) => {
        const rule = plainRecurrenceRule(fields);
        const back = plainRecurrenceOf(rule) as PlainRecurrence;
        expect(plainRecurrenceRule(back)).toBe(rule);
      }),
    );
    expect(plainRecurrenceRule({ frequency: 'weekly', weekdays: ['SU'], interval: 1, week: 1 })).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(plainRecurrenceRule({ frequency: 'weekly', weekdays: ['WE'], interval: 2, week: 1 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE');
    expect(plainRecurrenceRule({ frequency: 'monthly', weekdays: ['WE'], interval: 1, week: 1 })).toBe('FREQ=MONTHLY;BYDAY=1WE');
    expect(plainRecurrenceOf('FREQ=WEEKLY')).toEqual({ frequency: 'weekly', weekdays: [], interval: 1, week: 1 });
    expect(plainRecurrenceOf('FREQ=MONTHLY;BYMONTHDAY=15')).toBeNull();
    expect(plainRecurrenceOf('FREQ=DAILY')).toBeNull();
  });

  it('a Sunday series from 29 March to 25 October 2026 ending after 31 dates ends on 25 October', () => {
    expect(lastDateOfCount('FREQ=WEEKLY;BYDAY=SU', '2026-03-29', 31)).toBe('2026-10-25');
    expect(lastDateOfCount('FREQ=MONTHLY;BYMONTHDAY=40', '2026-03-29', 3)).toBeNull();
  });
});
