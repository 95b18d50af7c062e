import { format } from 'date-fns/format';
import { LondonWall, wallClockToInstant } from './london-time';

/**
 * The admin form's dates as the club reads them, whatever the browser's language: a date typed
 * day first (dd/mm/yyyy) and a 24-hour time, in two plain text fields, turned into the London
 * wall clock ('yyyy-MM-ddTHH:mm') the event form sends. A browser's own date picker follows its
 * locale (a US-English one shows and reads mm/dd/yyyy, swapping day and month), so it is not used.
 */

/** What the fields' hints and the echo say. */
export const UK_DATE_HINT = 'Type dates day first (dd/mm/yyyy, e.g. 04/07/2026) and times on the 24-hour clock (hh:mm, e.g. 18:30).';

const DATE = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/;
const DATE_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const TIME = /^(\d{1,2})(?:[:.]?(\d{2}))?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * A date typed day first ('4/7/2026', '04.07.2026', '04-07-2026' or '04072026') as
 * 'yyyy-MM-dd', or null when it is not a real date (31/04/2026, 29/02/2027, a two-digit year).
 */
export function parseUkDate(text: string): string | null {
  const t = text.trim();
  const m = DATE.exec(t) ?? DATE_DIGITS.exec(t);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date typed as 'yyyy-MM-dd' or day first (parseUkDate) as 'yyyy-MM-dd', or null when it is
 * not a real date. Which years make sense is the caller's rule.
 */
export function parseIsoOrUkDate(text: string): string | null {
  const t = text.trim();
  const iso = ISO_DATE.exec(t);
  if (!iso) return parseUkDate(t);
  const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const real = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && real.getUTCMonth() === month - 1 && real.getUTCDate() === day ? t : null;
}

/** A 24-hour time ('18:30', '18.30', '1830', '9:05', '18') as 'HH:mm', or null. */
export function parseClockTime(text: string): string | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/**
 * The wall clock the event form sends for the two fields: '' when both are empty, the
 * 'yyyy-MM-ddTHH:mm' they name, or otherwise the text as typed ('<date> at <time>'), which is no wall clock, so the
 * form's rule (validateEventForm) answers "Enter a valid date and time" for it.
 */
export function ukPartsToWallClock(dateText: string, timeText: string): string {
  if (dateText.trim() === '' && timeText.trim() === '') return '';
  const date = parseUkDate(dateText);
  const time = parseClockTime(timeText);
  const wallClock = date !== null && time !== null ? `${date}T${time}` : null;
  if (wallClock !== null && wallClockToInstant(wallClock) !== null) return wallClock;
  // ' at ' keeps it from ever reading as a wall clock, whatever was typed in either field.
  return `${dateText.trim()} at ${timeText.trim()}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** The two fields' text for a wall clock ('2026-07-04T10:00' → 04/07/2026 and 10:00); empty for none. */
export function wallClockToUkParts(wallClock: string): { date: string; time: string } {
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return { date: '', time: '' };
  return { date: `${m[3]}/${m[2]}/${m[1]}`, time: `${m[4]}:${m[5]}` };
}

/**
 * A wall clock in words, as the form echoes it beside the fields: "Saturday 4 July 2026, 10:00"
 * (with `allDayAtMidnight`, "Saturday 4 July 2026, all day" at 00:00), or null when it is none.
 */
export function wallClockInWords(wallClock: string, options: { allDayAtMidnight?: boolean } = {}): string | null {
  if (wallClockToInstant(wallClock) === null) return null;
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return null;
  const wall = new LondonWall(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  const day = format(wall, 'EEEE d MMMM uuuu');
  if (options.allDayAtMidnight && m[4] === '00' && m[5] === '00') return `${day}, all day`;
  return `${day}, ${m[4]}:${m[5]}`;
}
