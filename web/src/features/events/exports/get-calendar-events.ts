import type { EventsResponse } from '@core/calendar/calendar-schema';

/** An event as the members' screens get it: with whether booking is open and places left. */
export type { CalendarEvent } from '@core/bookings/calendar-event';
/** An event as the calendar list gets it: also with its forecast while within the forecast's window. */
export type { CalendarListEvent } from '@core/calendar/calendar-schema';
export type { CalendarWorkDay } from '@core/calendar/calendar-work-day';

/** The calendar page's data (GET /api/events, read in calendar-events-path.ts): the events, and the work days shown beside them. */
export type CalendarData = EventsResponse;
