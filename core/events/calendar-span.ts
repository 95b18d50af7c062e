import type { ClubEvent } from './event';
import { addDaysToDate, isLondonMidnight, londonDate, londonMidnight, parseInstant } from '../shared/london-time';

/** A timed event without an end lasts this long (one rule for every screen, docs/product.md#calendar). */
export const DEFAULT_EVENT_HOURS = 3;

export type Dated = Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>;

export type Describable = Pick<ClubEvent, 'id' | 'name' | 'description' | 'longdescription' | 'eventdatetime' | 'eventenddatetime' | 'updatedAt'>;

export function isAllDay(event: Pick<ClubEvent, 'eventdatetime'>): boolean {
  const start = parseInstant(event.eventdatetime);
  return start !== null && isLondonMidnight(start);
}

/**
 * The stretch of time a personal calendar should block. All-day events run from the start of
 * their first London day to the start of the day after their last (the exclusive end every
 * calendar format expects). An end that is not after the start is ignored as a slip, so the
 * calendar entry never ends before it begins.
 */
export function calendarSpan(event: Dated): { start: Date; end: Date; allDay: boolean } | null {
  const start = parseInstant(event.eventdatetime);
  if (start === null) return null;
  const givenEnd = parseInstant(event.eventenddatetime);
  const end = givenEnd !== null && givenEnd.getTime() > start.getTime() ? givenEnd : null;
  if (isLondonMidnight(start)) {
    const lastDay = londonDate(end ?? start);
    // An all-day event ending exactly at a midnight has had its last day the day before.
    const lastFullDay = end !== null && isLondonMidnight(end) ? addDaysToDate(lastDay, -1) : lastDay;
    return { start, end: londonMidnight(addDaysToDate(lastFullDay, 1)), allDay: true };
  }
  return { start, end: end ?? new Date(start.getTime() + DEFAULT_EVENT_HOURS * 3600 * 1000), allDay: false };
}

/**
 * "Summer Regatta 2026!" → "summer_regatta_2026_.ics". Accents are dropped first so that
 * "Régate" gives "regate" rather than "r_gate"; a name with no letters or digits at all gives
 * "event.ics".
 */
export function icsFileName(eventName: string): string {
  const base = eventName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_');
  return /[a-z0-9]/.test(base) ? `${base}.ics` : 'event.ics';
}
