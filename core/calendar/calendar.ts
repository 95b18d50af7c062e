import type { ClubEvent } from '../events/event';
import { eventEndInstant } from '../events/event-time';
import {
  LONDON,
  addDaysToDate,
  isLondonMidnight,
  londonDate,
  londonDayText,
  londonMidnight,
  londonTime,
  londonWallClock,
  parseInstant,
  startOfLondonDay,
  wallClockToInstant,
} from '../shared/london-time';

export const CLUB_TIME_ZONE = LONDON;
/** A timed event without an end lasts this long (one rule for every screen, docs/product.md#calendar). */
export const DEFAULT_EVENT_HOURS = 3;
export const DATE_TBC = 'Date TBC';
export const DATE_NOT_SPECIFIED = 'Date not specified';

type Dated = Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>;
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

/** 20260606T090000Z: UTC, to the second, as Google and iCalendar write it. */
function compactUtc(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

function compactDate(d: Date): string {
  return londonDate(d).replace(/-/g, '');
}

/** Short text for a link: long descriptions would make the address longer than browsers allow. */
function linkDetails(event: Pick<ClubEvent, 'description' | 'longdescription'>): string {
  const text = event.description.trim() !== '' ? event.description : event.longdescription;
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}

function query(params: [string, string][]): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * Google Calendar's "add event" template. Times are sent in UTC (so the zone can never be
 * misread) with ctz telling Google to show them in London time; all-day events send dates.
 */
export function googleCalendarUrl(event: Describable, location: string): string | null {
  const span = calendarSpan(event);
  if (span === null) return null;
  const dates = span.allDay
    ? `${compactDate(span.start)}/${compactDate(span.end)}`
    : `${compactUtc(span.start)}/${compactUtc(span.end)}`;
  return (
    'https://calendar.google.com/calendar/render?' +
    query([
      ['action', 'TEMPLATE'],
      ['text', event.name],
      ['dates', dates],
      ['details', linkDetails(event)],
      ['location', location],
      ['ctz', CLUB_TIME_ZONE],
    ])
  );
}

/**
 * Outlook's compose deep link. outlook.live.com serves personal Outlook.com accounts, which is
 * what members use; work accounts are redirected by Microsoft from the same link.
 */
export function outlookCalendarUrl(event: Describable, location: string): string | null {
  const span = calendarSpan(event);
  if (span === null) return null;
  const [startdt, enddt] = span.allDay
    ? [londonDate(span.start), londonDate(span.end)]
    : [span.start.toISOString().replace(/\.\d{3}Z$/, 'Z'), span.end.toISOString().replace(/\.\d{3}Z$/, 'Z')];
  return (
    'https://outlook.live.com/calendar/0/deeplink/compose?' +
    query([
      ['path', '/calendar/action/compose'],
      ['rru', 'addevent'],
      ['subject', event.name],
      ['startdt', startdt],
      ['enddt', enddt],
      ['allday', span.allDay ? 'true' : 'false'],
      ['body', linkDetails(event)],
      ['location', location],
    ])
  );
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

/** Events without a date are shown (as Date TBC); others until the end of the day they end. */
export function isShownOnCalendar(event: Dated, now: Date): boolean {
  return shownFrom(event, startOfLondonDay(now).getTime());
}

function shownFrom(event: Dated, startOfToday: number): boolean {
  const end = eventEndInstant(event);
  return end === null || end.getTime() >= startOfToday;
}

export function calendarEvents<E extends Dated>(events: E[], now: Date): E[] {
  // Once per call, not per event: it is the same day for every event of the list.
  const startOfToday = startOfLondonDay(now).getTime();
  const startOf = (e: E) => parseInstant(e.eventdatetime)?.getTime() ?? Number.POSITIVE_INFINITY;
  return events
    .filter((e) => shownFrom(e, startOfToday))
    .map((e, i) => ({ e, i, t: startOf(e) }))
    .sort((a, b) => (a.t === b.t ? a.i - b.i : a.t < b.t ? -1 : 1))
    .map(({ e }) => e);
}

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
