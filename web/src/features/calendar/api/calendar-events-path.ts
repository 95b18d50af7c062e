import { EVENTS_API_PATH } from '@core/paths';
import { apiRead } from '../../../lib/page-data';

/**
 * The calendar page's read (GET /api/events): kept apart from the zod schemas, which load with
 * the page, so the router can start it beside the page's code. Its answer's schema is core's,
 * the one the API declares too.
 */
export const calendarRead = apiRead(['calendar'], EVENTS_API_PATH, async () => (await import('@core/use-cases/calendar-schema')).EventsResponseSchema);

/** The calendar's query key in the data layer (lib/query.ts). */
export const CALENDAR_EVENTS_KEY = calendarRead.queryKey;
