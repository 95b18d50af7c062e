import { addDaysToDate, londonDate } from '../shared/london-time';
import { type MembershipSettings, type MonthDay } from './membership-settings';

/** A membership year: its first and last London dates ('yyyy-MM-dd'), both included. */
export interface MembershipYear {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date a day of the year falls on in a calendar year, 'yyyy-MM-dd'. */
export function dateInYear(calendarYear: number, day: MonthDay): string {
  return `${String(calendarYear).padStart(4, '0')}-${pad(day.month)}-${pad(day.day)}`;
}

const calendarYearOf = (date: string) => Number(date.slice(0, 4));

/**
 * The last day of twelve months that start on `start`: the day before the same date a year later.
 * The twelve months from 29 February run to 28 February (the anniversary falls on 1 March in a
 * year without a 29th), so consecutive years from any start neither overlap nor leave a gap
 * (docs/membership.md, "The membership year and renewal dates").
 */
export function twelveMonthsEnd(start: string): string {
  const monthDay = start.slice(5);
  if (monthDay === '02-29') return `${String(calendarYearOf(start) + 1).padStart(4, '0')}-02-28`;
  return addDaysToDate(`${String(calendarYearOf(start) + 1).padStart(4, '0')}-${monthDay}`, -1);
}

/**
 * The membership year containing a London date.
 * - Fixed years: from the latest `yearStart` on or before the date, to the day before the next
 *   `yearStart` (1 April to 31 March by default).
 * - Rolling years: each membership runs its own twelve months, so the year "containing" a date is
 *   the one that starts on it (the twelve months a payment made that day buys, see twelveMonthsEnd).
 */
export function membershipYear(year: MembershipSettings['year'], date: string): MembershipYear {
  if (year.kind === 'rolling') return { start: date, end: twelveMonthsEnd(date) };
  const thisYears = dateInYear(calendarYearOf(date), year.yearStart);
  const startYear = date >= thisYears ? calendarYearOf(date) : calendarYearOf(date) - 1;
  return { start: dateInYear(startYear, year.yearStart), end: addDaysToDate(dateInYear(startYear + 1, year.yearStart), -1) };
}

/**
 * The membership year containing an instant: the year of its London date (an instant at 23:30 UTC
 * on 31 March in summer time is already 1 April in London, so already the next year).
 */
export function membershipYearAt(year: MembershipSettings['year'], instant: Date): MembershipYear {
  return membershipYear(year, londonDate(instant));
}
