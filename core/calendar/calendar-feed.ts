import { createEvents } from 'ics';
import { eventEndInstant } from '../events/event-time';
import { calendarSpan } from '../events/calendar-span';
import { foldIcsLines, ICS_PRODUCT_ID, icsEventAttributes, withEventUrls, type IcsEvent } from '../events/ics-file';
import { londonDate, londonMidnight } from '../shared/london-time';
import type { WorkDay } from '../work-days/work-day';
import { isWorkDayOnCalendar, workDayIcsEvent } from '../work-days/work-day-mail';

/** The feed keeps the events of this many months back, and every later one. */
export const CALENDAR_FEED_MONTHS_BACK = 3;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Where the feed starts: London midnight of the same day of the month three months back (the
 * month's last day when it is shorter). A whole-day boundary, so the feed changes at most once a
 * day by time alone.
 */
export function calendarFeedSince(now: Date): Date {
  const [y, m, d] = londonDate(now).split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - CALENDAR_FEED_MONTHS_BACK, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return londonMidnight(`${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, lastDay))}`);
}

/** Which events the feed holds: dated, and not over before `since` (their end, else their start). */
export function isInCalendarFeed(event: Pick<IcsEvent, 'eventdatetime' | 'eventenddatetime'>, since: Date): boolean {
  if (calendarSpan(event) === null) return false;
  const end = eventEndInstant(event);
  return end !== null && end.getTime() >= since.getTime();
}

export interface CalendarFeedOptions {
  /** The calendar's name as subscribers see it (X-WR-CALNAME). */
  calendarName: string;
  /** Every event's place: the club's name. */
  location: string;
  /** The booking page of an event, in full. */
  eventUrl: (eventId: string) => string;
  /** The feed's first moment (calendarFeedSince). */
  since: Date;
  /** Work days: the active, dated ones in the window are entries too, marked "Work day: ". */
  workDays?: readonly WorkDay[];
  /** The sign-up page of a work day, in full (each work day's URL and the link in its description). */
  workDayUrl?: (workDayId: string) => string;
}

/**
 * The club's calendar feed: one VCALENDAR (METHOD:PUBLISH) holding each event of the feed's
 * window as the same VEVENT its single .ics file carries (same UID, SEQUENCE, STATUS), and each
 * active dated work day of the window as a "Work day: " entry with its sign-up link, start
 * ascending then by id. The text depends only on the events, the work days (not their sign-ups)
 * and the window, so an unchanged calendar gives the same bytes (and the same ETag) every time.
 */
export function calendarFeedText(events: readonly IcsEvent[], options: CalendarFeedOptions): string {
  const workDayUrl = options.workDayUrl ?? ((id: string) => id);
  const entries = [
    ...events.map((event) => ({ event, url: options.eventUrl(event.id) })),
    ...(options.workDays ?? [])
      .filter(isWorkDayOnCalendar)
      .map((workDay) => ({ event: workDayIcsEvent(workDay, workDayUrl(workDay.id)), url: workDayUrl(workDay.id) })),
  ];
  return feedText(entries, options);
}

/** One entry of a feed: what its VEVENT says (its `id` makes the UID) and the page it links to. */
export interface CalendarFeedEntry {
  event: IcsEvent;
  url: string;
}

/**
 * A feed of these entries (the club's, or a member's own: core/my-club/my-calendar-feed.ts): one
 * VCALENDAR (METHOD:PUBLISH) named `calendarName`, holding each entry not over before `since` as
 * its VEVENT (icsEventAttributes) with its URL, start ascending then by id. The same entries give
 * the same text.
 */
export function feedText(entries: readonly CalendarFeedEntry[], options: Pick<CalendarFeedOptions, 'calendarName' | 'location' | 'since'>): string {
  const shown = entries
    .filter(({ event }) => isInCalendarFeed(event, options.since))
    .map((entry) => ({ ...entry, start: calendarSpan(entry.event)!.start.getTime() }))
    .sort((a, b) => a.start - b.start || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  const { error, value } = createEvents(
    shown.map(({ event }) => icsEventAttributes(event, options.location)),
    { productId: ICS_PRODUCT_ID, method: 'PUBLISH', calName: options.calendarName },
  );
  if (error || value === null) throw new Error(`Could not build the calendar feed: ${error?.message ?? 'no output'}`);
  return foldIcsLines(
    withEventUrls(
      value,
      shown.map(({ url }) => url),
    ),
  );
}
