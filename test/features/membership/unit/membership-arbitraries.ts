import fc from 'fast-check';
import { type MembershipSettings } from '../../../../core/membership/membership-settings';
import { addDaysToDate, daysBetweenDates } from '../../../../core/shared/london-time';

/** London dates from 1995 to 2150, leap years and both clock changes included. */
export const FIRST_DATE = '1995-01-01';
export const LAST_DATE = '2150-12-31';
export const dateArb = fc.integer({ min: 0, max: daysBetweenDates(FIRST_DATE, LAST_DATE) }).map((n) => addDaysToDate(FIRST_DATE, n));

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A day of the year the settings accept (no 29 February). */
export const monthDayArb = fc
  .integer({ min: 1, max: 12 })
  .chain((month) => fc.integer({ min: 1, max: DAYS_IN_MONTH[month - 1] }).map((day) => ({ month, day })));

export const fixedYearArb = monthDayArb.map((yearStart): MembershipSettings['year'] => ({ kind: 'fixed', yearStart }));
export const yearArb = fc.oneof(fixedYearArb, fc.constant<MembershipSettings['year']>({ kind: 'rolling' }));

/** 29 February of a leap year in range. */
export const leapDayArb = fc
  .integer({ min: 0, max: 38 })
  .map((n) => `${1996 + 4 * n}-02-29`)
  .filter((d) => addDaysToDate(d, 0) === d);
