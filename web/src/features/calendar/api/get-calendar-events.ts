import { z } from 'zod';
import { CalendarEventSchema, type CalendarEvent } from '@core/use-cases/calendar-event';
import { apiGet, parseAnswer } from '../../../lib/api';
import { CALENDAR_EVENTS_PATH } from './calendar-events-path';

/** An event as the members' screens get it: with whether booking is open and places left. */
export { CalendarEventSchema, type CalendarEvent };

const CalendarAnswerSchema = z.object({ events: z.array(CalendarEventSchema) });

export async function getCalendarEvents(signal?: AbortSignal): Promise<CalendarEvent[]> {
  return (await apiGet(CALENDAR_EVENTS_PATH, CalendarAnswerSchema, { signal })).events;
}

/** The calendar's answer fetched before this code had loaded (app-routes.tsx), read now. */
export function readCalendarEvents(json: unknown): CalendarEvent[] {
  return parseAnswer(CalendarAnswerSchema, json, `GET ${CALENDAR_EVENTS_PATH}`).events;
}

/** The calendar's query key, for screens whose changes move its places left. */
export { CALENDAR_EVENTS_KEY } from './calendar-events-path';
