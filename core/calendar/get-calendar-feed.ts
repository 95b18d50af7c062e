import { calendarFeedSince, calendarFeedText } from './calendar-feed';
import { eventBookingPath, workDayPath } from '../shared/paths';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';

export interface GetCalendarFeedDeps {
  events: EventRepository;
  workDays: WorkDayRepository;
  clock: Clock;
  /** The club's name (the calendar's name and every event's place) and the site's address. */
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/**
 * The club's calendar as an iCalendar feed (GET /calendar.ics): the events of the last three
 * months and every later one, each with a link to its booking page, and the active work days of
 * that window, each marked as a work day with a link to its sign-up page.
 */
export class GetCalendarFeed {
  constructor(private readonly deps: GetCalendarFeedDeps) {}

  async execute(): Promise<string> {
    const since = calendarFeedSince(this.deps.clock.now());
    const { clubName, publicBaseUrl } = this.deps.siteSettings;
    // Bounded by date, so the cost does not grow with the club's history.
    const [events, workDays] = await Promise.all([this.deps.events.listNotOverBefore(since), this.deps.workDays.list()]);
    return calendarFeedText(events, {
      calendarName: `${clubName} events`,
      location: clubName,
      eventUrl: (id) => `${publicBaseUrl}${eventBookingPath(id)}`,
      since,
      workDays,
      workDayUrl: (id) => `${publicBaseUrl}${workDayPath(id)}`,
    });
  }
}
