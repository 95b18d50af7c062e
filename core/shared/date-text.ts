import {
  addDaysToDate,
  isLondonMidnight,
  londonDate,
  londonDayText,
  londonMidnight,
  londonTime,
  londonWallClock,
  parseInstant,
  wallClockToInstant,
} from './london-time';

export const DATE_TBC = 'Date TBC';

export const DATE_NOT_SPECIFIED = 'Date not specified';

function missingDate(audience: 'member' | 'admin'): string {
  return audience === 'member' ? DATE_TBC : DATE_NOT_SPECIFIED;
}

/** "Sat 6 June 2026, 10:00" */
function dayAndTime(d: Date): string {
  return `${londonDayText(d)}, ${londonTime(d)}`;
}

/** "Sat 6 June 2026, 10:00", or "Sat 6 June 2026" at midnight (all day). */
export function formatDate(instant: string | null, audience: 'member' | 'admin'): string {
  const d = parseInstant(instant);
  if (d === null) return missingDate(audience);
  return isLondonMidnight(d) ? londonDayText(d) : dayAndTime(d);
}

/**
 * "Sat 6 June 2026, 00:05": when something happened (a sign-up, a message sent), in London, always
 * with its time: unlike an event's date, a moment at midnight is not a whole day.
 */
export function formatMoment(instant: string | null, audience: 'member' | 'admin'): string {
  const d = parseInstant(instant);
  return d === null ? missingDate(audience) : dayAndTime(d);
}

/** "Sat 6 June 2026": the London day alone, whatever the time. */
export function formatDay(instant: string | null, audience: 'member' | 'admin'): string {
  const d = parseInstant(instant);
  return d === null ? missingDate(audience) : londonDayText(d);
}

/**
 * "Sat 6 June 2026, 10:00 – 16:00" on one day, "Sat 6 June 2026, 10:00 – Sun 7 June 2026, 16:00"
 * across days. A missing, unreadable or not-later end shows the start alone.
 */
export function formatDateRange(start: string | null, end: string | null, audience: 'member' | 'admin'): string {
  const s = parseInstant(start);
  if (s === null) return missingDate(audience);
  const e = parseInstant(end);
  if (e === null || e.getTime() <= s.getTime()) return formatDate(start, audience);
  if (isLondonMidnight(s)) {
    // An all-day event: only the dates matter, and one ending at midnight ended the day before.
    const lastDay = isLondonMidnight(e) ? addDaysToDate(londonDate(e), -1) : londonDate(e);
    if (lastDay === londonDate(s)) return formatDate(start, audience);
    return `${londonDayText(s)} – ${londonDayText(londonMidnight(lastDay))}`;
  }
  if (londonDate(s) === londonDate(e)) {
    return `${dayAndTime(s)} – ${londonTime(e)}`;
  }
  return `${dayAndTime(s)} – ${dayAndTime(e)}`;
}

/** The instant of a datetime-local value read as London time, or null when it is not one. */
export function londonWallClockToInstant(text: string): string | null {
  return wallClockToInstant(text)?.toISOString() ?? null;
}

/** What a datetime-local input should show for an instant; '' for none. */
export function instantToLondonWallClock(instant: string | null): string {
  const d = parseInstant(instant);
  return d === null ? '' : londonWallClock(d);
}
