import { EVENTS_API_PATH } from '@core/shared/paths';
import { apiRead, readQuery, useApiRead } from '../../../lib/page-data';

/**
 * The calendar page's read (GET /api/events): kept apart from the zod schemas, which load with
 * the page, so the router can start it beside the page's code. Its answer's schema is core's,
 * the one the API declares too.
 */
export const calendarRead = apiRead(['calendar'], EVENTS_API_PATH, async () => (await import('@core/calendar/calendar-schema')).EventsResponseSchema);

/** The calendar's query (its loader's and its component's). */
export const calendarQueryOptions = () => readQuery(calendarRead);

/** The calendar page's events and work days. */
export function useCalendar() {
  return useApiRead(calendarRead);
}
