import { EVENTS_API_PATH } from '@core/shared/paths';
import { apiQuery, useRead } from '../../../lib/reads';

/**
 * The calendar page's read (GET /api/events): kept apart from the zod schemas, which load with
 * the page, so the router can start it beside the page's code. Its answer's schema is core's,
 * the one the API declares too.
 */
export const calendarRead = apiQuery(['calendar'], EVENTS_API_PATH, async () => (await import('@core/calendar/calendar-schema')).EventsResponseSchema);

/** The calendar's query (its loader's and its component's). */
export const calendarQueryOptions = () => calendarRead;

/** The calendar page's events and work days. */
export function useCalendar() {
  return useRead(calendarRead);
}
