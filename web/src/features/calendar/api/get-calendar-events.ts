import { z } from 'zod';
import { EventSchema } from '@core/entities/event';
import { apiGet } from '../../../lib/api';
import { CALENDAR_EVENTS_PATH } from './calendar-events-path';

/** An event as the members' screens get it: with whether booking is open and places left. */
export const CalendarEventSchema = EventSchema.extend({
  bookingOpen: z.boolean(),
  placesLeft: z.number().int().nonnegative().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

const CalendarAnswerSchema = z.object({ events: z.array(CalendarEventSchema) });

export async function getCalendarEvents(signal?: AbortSignal): Promise<CalendarEvent[]> {
  const answer = await apiGet(CALENDAR_EVENTS_PATH, CalendarAnswerSchema, { signal });
  return answer.events;
}
