import { z } from 'zod';
import { CalendarEventSchema } from './calendar-event';
import { CalendarWorkDaySchema } from './calendar-work-day';

/**
 * GET /api/events's answer, declared once for the API (server/http/api-schemas.ts) and the
 * calendar page (web/src/features/calendar/api): its events, and the work days shown beside them.
 */
export const EventsResponseSchema = z.object({ events: z.array(CalendarEventSchema), workDays: z.array(CalendarWorkDaySchema) });
export type EventsResponse = z.infer<typeof EventsResponseSchema>;
