import * as rruleModule from 'rrule';
import type { Options } from 'rrule';

// rrule ships its ES module as `module` and a UMD bundle as `main`: bundlers give the named
// exports, Node's own loader the UMD's object as the default export.
const { RRule } = ('RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')) as typeof rruleModule;

/**
 * Recurrence rules read on London's calendar (docs/events.md, "Event series"). rrule works on
 * "floating" dates: it is given each calendar date at midnight UTC and answers with dates at
 * midnight UTC, which stand for London calendar dates, never for instants. The time of day is
 * put on each date afterwards, in London time (core/events/event-series.ts, seriesOccurrence), so
 * the clock changes never move a date or its time.
 */

export const RECURRENCE_MESSAGES = {
  required: 'Give the rule, e.g. FREQ=WEEKLY;BYDAY=SU',
  invalid: 'Not a recurrence rule (RFC 5545), e.g. FREQ=WEEKLY;BYDAY=SU',
  frequency: 'The rule repeats daily, weekly, monthly or yearly (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY)',
  bounds: 'Give the rule without DTSTART, UNTIL or COUNT: the first and last dates bound the series',
  timeOfDay: 'Give the rule without BYHOUR, BYMINUTE or BYSECOND: the series has one start time',
} as const;

/** The frequencies a club's series takes: by day and longer (rrule's YEARLY 0, MONTHLY 1, WEEKLY 2, DAILY 3). */
const DATE_FREQUENCIES = new Set([0, 1, 2, 3]);

function parsed(rule: string): Partial<Options> | null {
  try {
    return RRule.parseString(rule.replace(/^RRULE:/i, ''));
  } catch {
    return null;
  }
}

/** Why the rule cannot make a series' dates, or null when it can. */
export function recurrenceRefusal(rule: string): string | null {
  const text = rule.trim();
  if (text === '') return RECURRENCE_MESSAGES.required;
  const options = parsed(text);
  if (options === null || /DTSTART|TZID/i.test(text)) return options === null ? RECURRENCE_MESSAGES.invalid : RECURRENCE_MESSAGES.bounds;
  if (options.until !== undefined || options.count !== undefined) return RECURRENCE_MESSAGES.bounds;
  if (options.freq === undefined || !DATE_FREQUENCIES.has(options.freq)) return RECURRENCE_MESSAGES.frequency;
  if (options.byhour != null || options.byminute != null || options.bysecond != null) return RECURRENCE_MESSAGES.timeOfDay;
  const weekdays = options.byweekday;
  if (Array.isArray(weekdays) && weekdays.some((day) => day === null || day === undefined)) return RECURRENCE_MESSAGES.invalid;
  if (options.interval !== undefined && !(Number.isInteger(options.interval) && options.interval >= 1 && options.interval <= 366))
    return RECURRENCE_MESSAGES.invalid;
  try {
    // A rule that parses may still be refused by rrule when it makes dates (e.g. BYMONTHDAY=40).
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)), until: new Date(Date.UTC(2026, 0, 31)) }).all();
  } catch {
    return RECURRENCE_MESSAGES.invalid;
  }
  return null;
}

/** A 'yyyy-MM-dd' date as rrule's floating date: its midnight, in UTC fields. */
function floating(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * The calendar dates ('yyyy-MM-dd', ascending) a rule recurrenceRefusal accepts gives from
 * `firstDate` to `lastDate`, both included. The first date counts as the rule's DTSTART, so a rule
 * without BYDAY repeats on the first date's weekday (or day of the month), as RFC 5545 has it.
 */
export function recurrenceDates(rule: string, firstDate: string, lastDate: string): string[] {
  const options = parsed(rule.trim());
  if (options === null) return [];
  const dates = new RRule({ ...options, dtstart: floating(firstDate), until: floating(lastDate) }).all();
  return dates.map((date) => date.toISOString().slice(0, 10));
}

/** The weekdays as RFC 5545 names them, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A series' repeat as the form's plain fields say it (docs/events.md, "Setting up a season's
 * series"): every `interval` weeks on the chosen weekdays (none: the first date's weekday), or
 * every `interval` months on the `week`th (1 to 4, or -1 for the last) of the chosen weekdays.
 */
export interface PlainRecurrence {
  frequency: 'weekly' | 'monthly';
  weekdays: readonly Weekday[];
  interval: number;
  week: number;
}

/** The rule (recurrenceRefusal accepts it) the plain fields say: weekdays in calendar order, INTERVAL only when over 1. */
export function plainRecurrenceRule(plain: PlainRecurrence): string {
  const days = WEEKDAYS.filter((day) => plain.weekdays.includes(day));
  const interval = Number.isInteger(plain.interval) && plain.interval > 1 ? `;INTERVAL=${Math.min(plain.interval, 366)}` : '';
  if (plain.frequency === 'weekly') return `FREQ=WEEKLY${interval}${days.length > 0 ? `;BYDAY=${days.join(',')}` : ''}`;
  const week = [1, 2, 3, 4, -1].includes(plain.week) ? plain.week : 1;
  return `FREQ=MONTHLY${interval};BYDAY=${(days.length > 0 ? days : ['SU']).map((day) => `${week}${day}`).join(',')}`;
}

/** The plain fields of a rule they can say (plainRecurrenceRule gives it back), or null for one only its text can. */
export function plainRecurrenceOf(rule: string): PlainRecurrence | null {
  const weekly = /^FREQ=WEEKLY(?:;INTERVAL=(\d+))?(?:;BYDAY=((?:MO|TU|WE|TH|FR|SA|SU)(?:,(?:MO|TU|WE|TH|FR|SA|SU))*))?$/.exec(rule.trim());
  const monthly = /^FREQ=MONTHLY(?:;INTERVAL=(\d+))?;BYDAY=(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)((?:,(?:-1|[1-4])(?:MO|TU|WE|TH|FR|SA|SU))*)$/.exec(rule.trim());
  const found: PlainRecurrence | null = weekly
    ? { frequency: 'weekly', interval: Number(weekly[1] ?? 1), weekdays: weekly[2] ? (weekly[2].split(',') as Weekday[]) : [], week: 1 }
    : monthly
      ? {
          frequency: 'monthly',
          interval: Number(monthly[1] ?? 1),
          week: Number(monthly[2]),
          weekdays: [
            monthly[3] as Weekday,
            ...(monthly[4] ?? '')
              .split(',')
              .filter(Boolean)
              .map((part) => part.replace(/^-?\d/, '') as Weekday),
          ],
        }
      : null;
  return found !== null && plainRecurrenceRule(found) === rule.trim() ? found : null;
}

/**
 * The date of the rule's `count`th date from `firstDate` (the last date of a series that ends
 * "after `count` dates"), or null when the rule is not one or gives fewer within 731 days.
 */
export function lastDateOfCount(rule: string, firstDate: string, count: number): string | null {
  const options = parsed(rule.trim());
  if (options === null || recurrenceRefusal(rule) !== null || !Number.isInteger(count) || count < 1 || count > 366) return null;
  const dates = new RRule({ ...options, dtstart: floating(firstDate), count }).all();
  const last = dates.at(-1);
  if (dates.length < count || last === undefined) return null;
  const date = last.toISOString().slice(0, 10);
  return Date.parse(date) - Date.parse(firstDate) <= 731 * 86_400_000 ? date : null;
}
