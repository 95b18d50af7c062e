import type { EventsResponse } from '@core/calendar/calendar-schema';

/** An event as the members' screens get it: with whether booking is open and places left. */
export type { CalendarEvent } from '@core/calendar/calendar-event';
export type { CalendarWorkDay } from '@core/calendar/calendar-work-day';

/** The calendar page's data (GET /api/events, read in calendar-events-path.ts): the events, and the work days shown beside them. */
export type CalendarData = EventsResponse;
