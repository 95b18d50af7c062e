import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { startOfDay } from 'date-fns/startOfDay';

/**
 * The club's time zone: London's offset at an instant (the UK's summer-time rule from 1996, the
 * platform's time-zone database before; ADR 24) and date-fns (calendar arithmetic and
 * formatting). Three things are settled here, not left to them:
 * - The answers never depend on the time zone of the machine (the server, or a member's browser
 *   abroad). date-fns reads a Date's local fields, so it is handed London's wall clock in a
 *   LondonWall, whose local fields are its UTC ones. (date-fns-tz's formatInTimeZone and
 *   fromZonedTime go through the machine's zone, and are an hour out at London times that fall in
 *   the machine's own clock change.)
 * - The two clock-change nights are read as the product chose (fromLondonWall below).
 * - The offset is worked out once per UTC hour and remembered: the calendar asks about the same
 *   few hours again and again (docs/performance.md).
 * - A page that shows only dates from 1996 on never calls Intl. A browser's first Intl call loads
 *   its locale data, and on a phone that is most of the page's start-up blocking time (ADR 24).
 */
export const LONDON = 'Europe/London';

const HOUR_MS = 3600 * 1000;

/** An instant as stored (ISO text), or null when missing or unreadable. */
export function parseInstant(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A wall clock (London's, or a calendar date at its midnight) held in a Date's UTC fields and read
 * by date-fns as its local ones, as @date-fns/utc's UTCDate does: date-fns builds its answers with
 * the class of the Date it is given, so they are LondonWalls too.
 */
export class LondonWall extends Date {
  override getFullYear() {
    return this.getUTCFullYear();
  }
  override getMonth() {
    return this.getUTCMonth();
  }
  override getDate() {
    return this.getUTCDate();
  }
  override getDay() {
    return this.getUTCDay();
  }
  override getHours() {
    return this.getUTCHours();
  }
  override getMinutes() {
    return this.getUTCMinutes();
  }
  override getSeconds() {
    return this.getUTCSeconds();
  }
  override getMilliseconds() {
    return this.getUTCMilliseconds();
  }
  override getTimezoneOffset() {
    return 0;
  }
  override setFullYear(...a: [number, number?, number?]) {
    return this.setUTCFullYear(...(a as [number]));
  }
  override setMonth(...a: [number, number?]) {
    return this.setUTCMonth(...(a as [number]));
  }
  override setDate(date: number) {
    return this.setUTCDate(date);
  }
  override setHours(...a: [number, number?, number?, number?]) {
    return this.setUTCHours(...(a as [number]));
  }
  override setMinutes(...a: [number, number?, number?]) {
    return this.setUTCMinutes(...(a as [number]));
  }
  override setSeconds(...a: [number, number?]) {
    return this.setUTCSeconds(...(a as [number]));
  }
  override setMilliseconds(ms: number) {
    return this.setUTCMilliseconds(ms);
  }
}

/**
 * The UK's summer time since 1996 (the Summer Time Order 2002 keeps it): from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October. The time-zone database gives the same
 * for every year from 1996 on; test/app/unit/london-time.test.ts checks each change from 1996 to
 * 2100 against it, so a change in the law shows up there as soon as the database has it.
 */
const SUMMER_TIME_RULE_FROM = Date.UTC(1996, 0, 1);
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of a month (0 is January) of a year. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

function offsetBySummerTimeRule(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9) ? HOUR_MS : 0;
}

/** "GMT", "GMT+01:00", "GMT-00:01:15" (London's mean time before 1847). */
const GMT_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2}))?/;
let offsetNames: Intl.DateTimeFormat | undefined;

/** London's offset from UTC at an instant, in ms, from the platform's time-zone database (to the minute). */
function offsetFromTimeZoneDatabase(ms: number): number {
  offsetNames ??= new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, timeZoneName: 'longOffset' });
  const name = offsetNames.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const [, sign, hours = '0', minutes = '0'] = GMT_OFFSET.exec(name) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

function offsetAt(ms: number): number {
  return ms >= SUMMER_TIME_RULE_FROM ? offsetBySummerTimeRule(ms) : offsetFromTimeZoneDatabase(ms);
}

/** Since 1900 London's offset has only ever changed on a whole hour (UTC). */
const WHOLE_HOUR_CHANGES_FROM = Date.UTC(1900, 0, 1);
const MAX_REMEMBERED_HOURS = 10_000;
const offsetByHour = new Map<number, number>();

/**
 * London's offset from UTC at an instant, in ms (0 in winter, one hour in summer). Remembered per
 * UTC hour: the calendar asks about the same few hours again and again.
 */
export function londonOffsetMs(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (ms < WHOLE_HOUR_CHANGES_FROM) return offsetFromTimeZoneDatabase(ms);
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetAt(hour * HOUR_MS);
    if (offsetByHour.size >= MAX_REMEMBERED_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The London wall clock of an instant. */
export function londonWall(instant: Date): LondonWall {
  return new LondonWall(instant.getTime() + londonOffsetMs(instant));
}

/**
 * The instant a London wall clock names. The two clock-change nights are read the way clocks and
 * the Temporal API ("compatible") read them, where date-fns-tz's fromZonedTime reads both the
 * other way:
 * - a time skipped in spring (01:30 on the last Sunday of March) is read with the offset from
 *   before the change, so it lands an hour later (02:30 BST): the event is not moved earlier;
 * - a time that happens twice in autumn (01:30 on the last Sunday of October) is the first one
 *   (BST), because that is the one a member reaches first.
 */
export function fromLondonWall(wall: Date): Date {
  const ms = wall.getTime();
  const before = londonOffsetMs(ms - 3 * HOUR_MS);
  const after = londonOffsetMs(ms + 3 * HOUR_MS);
  // Each offset London uses around then, the larger (summer's) first: the first reading whose
  // offset is in force at its instant is the one a member reaches first.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    if (londonOffsetMs(ms - offset) === offset) return new Date(ms - offset);
  }
  return new Date(ms - before);
}

/** A 'yyyy-MM-dd' date at its midnight, for date-fns. */
export function dateWall(date: string): LondonWall {
  return new LondonWall(`${date}T00:00:00Z`);
}

/** 'yyyy-MM-dd' (years before 1000 padded; 'uuuu' signs years before 1 instead of counting eras). */
const DATE = 'uuuu-MM-dd';

/** The London calendar date of an instant, 'yyyy-MM-dd'. */
export function londonDate(instant: Date): string {
  return format(londonWall(instant), DATE);
}

/** London midnight at the start of a 'yyyy-MM-dd' date (midnight always exists in London). */
export function londonMidnight(date: string): Date {
  return fromLondonWall(dateWall(date));
}

export function startOfLondonDay(instant: Date): Date {
  return fromLondonWall(startOfDay(londonWall(instant)));
}

/** Adds whole days to a 'yyyy-MM-dd' date, on the calendar (not 24-hour steps). */
export function addDaysToDate(date: string, days: number): string {
  return format(addDays(dateWall(date), days), DATE);
}

/** Whole calendar days from `earlier` to `later`, both 'yyyy-MM-dd'. */
export function daysBetweenDates(earlier: string, later: string): number {
  return differenceInCalendarDays(dateWall(later), dateWall(earlier));
}

export function isLondonMidnight(instant: Date): boolean {
  const wall = londonWall(instant);
  return startOfDay(wall).getTime() === wall.getTime();
}

/** 'yyyy-MM-ddTHH:mm' in London, as a datetime-local input shows it. */
export function londonWallClock(instant: Date): string {
  return format(londonWall(instant), "uuuu-MM-dd'T'HH:mm");
}

/** 'HH:mm' in London. */
export function londonTime(instant: Date): string {
  return format(londonWall(instant), 'HH:mm');
}

/** "6 June 2026": the London date of an instant, in words. */
export function londonLongDate(instant: Date): string {
  return format(londonWall(instant), 'd MMMM uuuu');
}

/** "Sat 6 June 2026": the London day of an instant, in words. */
export function londonDayText(instant: Date): string {
  return format(londonWall(instant), 'EEE d MMMM uuuu');
}

/** "Sat 6 June 2026, 14:05": the London day and time of an instant, in the words londonDayText uses. */
export function londonDayTimeText(instant: Date): string {
  return `${londonDayText(instant)}, ${londonTime(instant)}`;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Tue 1 December 2026": a calendar date ('yyyy-MM-dd', e.g. an expiry or renewal day) in the
 * words londonDayText gives an instant's day, so a person reads one format for every date. Text
 * that is not a real date comes back as it is.
 */
export function calendarDateText(date: string): string {
  if (!CALENDAR_DATE.test(date)) return date;
  const wall = dateWall(date);
  return Number.isNaN(wall.getTime()) || format(wall, DATE) !== date ? date : format(wall, 'EEE d MMMM uuuu');
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a London wall-clock time ('yyyy-MM-ddTHH:mm', seconds optional) names, or null
 * when the text is not a real date and time; the clock-change nights as fromLondonWall reads them.
 * Years before 1900 are refused: they are typing slips, and old dates have odd London offsets.
 */
export function wallClockToInstant(text: string): Date | null {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number);
  if (year < 1900) return null;
  const wall = new LondonWall(Date.UTC(year, month - 1, day, hour, minute, second));
  // A real date and time reads back as written (no 31 April, no 24:00).
  const readBack = [wall.getFullYear(), wall.getMonth() + 1, wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds()];
  if (readBack.some((field, i) => field !== [year, month, day, hour, minute, second][i])) return null;
  return fromLondonWall(wall);
}
