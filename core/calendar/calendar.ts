import type { ClubEvent } from '../events/event';
import { eventEndInstant } from '../events/event-time';
import { calendarSpan, type Dated, type Describable } from '../events/calendar-span';
import { LONDON, londonDate, parseInstant, startOfLondonDay } from '../shared/london-time';

export const CLUB_TIME_ZONE = LONDON;

/** 20260606T090000Z: UTC, to the second, as Google and iCalendar write it. */
function compactUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
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
  const dates = span.allDay ? `${compactDate(span.start)}/${compactDate(span.end)}` : `${compactUtc(span.start)}/${compactUtc(span.end)}`;
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
