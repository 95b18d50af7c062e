/**
 * Wall-clock arithmetic in the club's time zone. Offsets come from the platform's time-zone data
 * (Intl) for an explicit zone, so the answers do not depend on the time zone of the machine
 * running them. Only the offset is asked of Intl (and remembered per hour, see londonOffsetMs);
 * dates and times are then read from the shifted instant, which is much cheaper than formatting
 * through Intl for every value.
 */
export const LONDON = 'Europe/London';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An instant as stored (ISO text), or null when missing or unreadable. */
export function parseInstant(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

let partsFormat: Intl.DateTimeFormat | null = null;

/** London's offset from UTC at an instant, asked of Intl (to the second, as Intl gives it). */
function offsetFromIntl(ms: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(ms)) p[part.type] = part.value;
  const year = p.era === 'BC' || p.era === 'B' ? 1 - Number(p.year) : Number(p.year);
  const wall = Date.UTC(year, Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  // Date.UTC reads years 0-99 as 1900-1999.
  const fixed = year >= 0 && year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
  return fixed - (ms - (((ms % 1000) + 1000) % 1000));
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
  if (ms < WHOLE_HOUR_CHANGES_FROM) return offsetFromIntl(ms);
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetFromIntl(hour * HOUR_MS);
    if (offsetByHour.size >= MAX_REMEMBERED_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The London wall clock of an instant, as a Date whose UTC fields read that wall clock. */
function londonWall(instant: Date): Date {
  return new Date(instant.getTime() + londonOffsetMs(instant));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-MM-dd' of a wall clock held in UTC fields (years before 1000 padded, as date-fns does). */
function ymd(wall: Date): string {
  const y = wall.getUTCFullYear();
  return `${y < 0 ? '-' + pad(-y, 4) : pad(y, 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The London calendar date of an instant, 'yyyy-MM-dd'. */
export function londonDate(instant: Date): string {
  return ymd(londonWall(instant));
}

/** The instant of a London wall clock given as UTC milliseconds, for a time that exists once. */
function fromLondonWall(wallMs: number): number {
  // The offset a few hours before is the one in force unless the clocks changed in between;
  // checking the answer settles that case.
  const guess = wallMs - londonOffsetMs(wallMs - 3 * HOUR_MS);
  const offset = londonOffsetMs(guess);
  return wallMs - offset;
}

/** London midnight at the start of a 'yyyy-MM-dd' date (midnight always exists in London). */
export function londonMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = new Date(Date.UTC(2000, m - 1, d));
  wall.setUTCFullYear(y);
  return new Date(fromLondonWall(wall.getTime()));
}

export function startOfLondonDay(instant: Date): Date {
  const wall = londonWall(instant).getTime();
  return new Date(fromLondonWall(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS)));
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
  const wall = londonWall(instant).getTime();
  return ((wall % DAY_MS) + DAY_MS) % DAY_MS === 0;
}

/** 'yyyy-MM-ddTHH:mm' in London, as a datetime-local input shows it. */
export function londonWallClock(instant: Date): string {
  const wall = londonWall(instant);
  return `${ymd(wall)}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** 'HH:mm' in London. */
export function londonTime(instant: Date): string {
  const wall = londonWall(instant);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "6 June 2026": the London date of an instant, in words. */
export function londonLongDate(instant: Date): string {
  const wall = londonWall(instant);
  const y = wall.getUTCFullYear();
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${y < 0 ? '-' + pad(-y, 4) : pad(y, 4)}`;
}

/** "Sat 6 June 2026": the London day of an instant, in words. */
export function londonDayText(instant: Date): string {
  return `${WEEKDAYS[londonWall(instant).getUTCDay()]} ${londonLongDate(instant)}`;
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
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Each offset London uses around that time, summer's (the larger) first: the first reading
  // whose offset is in force at its instant is the one a member reaches first.
  const offsets = [...new Set([londonOffsetMs(wall - 3 * HOUR_MS), londonOffsetMs(wall + 3 * HOUR_MS)])].sort((a, b) => b - a);
  for (const offset of offsets) {
    if (londonOffsetMs(wall - offset) === offset) return new Date(wall - offset);
  }
  // Skipped in spring: read with the offset from before the change, so it lands an hour later.
  return new Date(wall - londonOffsetMs(wall - 3 * HOUR_MS));
}
