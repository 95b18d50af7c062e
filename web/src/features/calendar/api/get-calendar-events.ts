import { z } from 'zod';
import { CalendarEventSchema, type CalendarEvent } from '@core/use-cases/calendar-event';
import { CalendarWorkDaySchema, type CalendarWorkDay } from '@core/use-cases/calendar-work-day';
import { apiGet, parseAnswer } from '../../../lib/api';
import { CALENDAR_EVENTS_PATH } from './calendar-events-path';

/** An event as the members' screens get it: with whether booking is open and places left. */
export { CalendarEventSchema, type CalendarEvent, type CalendarWorkDay };

/** GET /api/events's answer, as the page reads it (and the server's drawing of its first screen). */
export const CalendarAnswerSchema = z.object({ events: z.array(CalendarEventSchema), workDays: z.array(CalendarWorkDaySchema) });
/** The calendar page's data: the events, and the work days shown beside them. */
export type CalendarData = z.infer<typeof CalendarAnswerSchema>;

export async function getCalendarEvents(signal?: AbortSignal): Promise<CalendarData> {
  return apiGet(CALENDAR_EVENTS_PATH, CalendarAnswerSchema, { signal });
}

/** The calendar's answer fetched before this code had loaded (app-routes.tsx), read now. */
export function readCalendarEvents(json: unknown): CalendarData {
  return parseAnswer(CalendarAnswerSchema, json, `GET ${CALENDAR_EVENTS_PATH}`);
}
