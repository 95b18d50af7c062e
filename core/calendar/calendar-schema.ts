import { z } from 'zod';
import { CalendarEventSchema } from '../bookings/calendar-event';
import { CalendarWorkDaySchema } from './calendar-work-day';
import { CalendarConditionsSchema } from '../conditions/calendar-conditions';

/**
 * An event on the calendar list: as members see it, with its forecast while within the forecast's
 * window (else null; an answer from before forecasts, such as a page kept offline, reads as none).
 */
export const CalendarListEventSchema = CalendarEventSchema.extend({ conditions: CalendarConditionsSchema.nullable().default(null) });
export type CalendarListEvent = z.infer<typeof CalendarListEventSchema>;

/**
 * GET /api/events's answer, declared once for the API (server/http/api-schemas.ts) and the
 * calendar page (web/src/features/events/api): its events, the work days shown beside them, and
 * the forecast's credit to show when any event has a forecast (Open-Meteo's data is CC BY 4.0).
 */
export const EventsResponseSchema = z.object({
  events: z.array(CalendarListEventSchema),
  workDays: z.array(CalendarWorkDaySchema),
  forecastAttribution: z.string().nullable().default(null),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;
