import { EVENTS_API_PATH } from '@core/paths';
import { apiRead } from '../../../lib/page-data';

/**
 * The calendar page's read (GET /api/events): kept apart from the zod schemas, which load with
 * the page, so the router can start it beside the page's code.
 */
export const calendarRead = apiRead(['calendar'], EVENTS_API_PATH, async () => (await import('./get-calendar-events')).CalendarAnswerSchema);

/** The calendar's query key in the data layer (lib/query.ts). */
export const CALENDAR_EVENTS_KEY = calendarRead.queryKey;
