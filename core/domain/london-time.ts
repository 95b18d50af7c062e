import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * Wall-clock arithmetic in the club's time zone. Everything goes through date-fns-tz with an
 * explicit zone, so the answers do not depend on the time zone of the machine running them.
 */
export const LONDON = 'Europe/London';

const HOUR_MS = 3600 * 1000;

/** An instant as stored (ISO text), or null when missing or unreadable. */
export function parseInstant(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The London calendar date of an instant, 'yyyy-MM-dd'. */
export function londonDate(instant: Date): string {
  return formatInTimeZone(instant, LONDON, 'yyyy-MM-dd');
}

/** London midnight at the start of a 'yyyy-MM-dd' date (midnight always exists in London). */
export function londonMidnight(date: string): Date {
  return fromZonedTime(`${date}T00:00:00`, LONDON);
}

export function startOfLondonDay(instant: Date): Date {
  return londonMidnight(londonDate(instant));
}

/** Adds whole days to a 'yyyy-MM-dd' date, on the calendar (not 24-hour steps). */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

/** Whole calendar days from `earlier` to `later`, both 'yyyy-MM-dd'. */
export function daysBetweenDates(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / (24 * HOUR_MS));
}

export function isLondonMidnight(instant: Date): boolean {
  return formatInTimeZone(instant, LONDON, 'HH:mm:ss.SSS') === '00:00:00.000';
}

/** 'yyyy-MM-ddTHH:mm' in London, as a datetime-local input shows it. */
export function londonWallClock(instant: Date): string {
  return formatInTimeZone(instant, LONDON, "yyyy-MM-dd'T'HH:mm");
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a London wall-clock time ('yyyy-MM-ddTHH:mm', seconds optional) names, or null
 * when the text is not a real date and time. The two clock-change nights are settled the way
 * clocks and the Temporal API ("compatible") settle them:
 * - a time skipped in spring (01:30 on the last Sunday of March) is read with the offset from
 *   before the change, so it lands an hour later (02:30 BST): the event is not moved earlier;
 * - a time that happens twice in autumn (01:30 on the last Sunday of October) is the first one
 *   (BST), because that is the one a member reaches first.
 * Years before 1900 are refused: they are typing slips, and old dates have odd London offsets.
 */
export function wallClockToInstant(text: string): Date | null {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  const found = fromZonedTime(wall, LONDON);
  if (Number.isNaN(found.getTime())) return null;
  const wallOf = (d: Date) => formatInTimeZone(d, LONDON, "yyyy-MM-dd'T'HH:mm:ss");
  const earlier = new Date(found.getTime() - HOUR_MS);
  if (wallOf(earlier) === wall) return earlier;
  if (wallOf(found) === wall) return found;
  // Skipped in spring: date-fns-tz answers with the later offset, which lands an hour early.
  return new Date(found.getTime() + HOUR_MS);
}
