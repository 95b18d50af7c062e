import { z } from 'zod';
import { CalendarEventSchema, type CalendarEvent } from '@core/use-cases/calendar-event';
import { CalendarWorkDaySchema, type CalendarWorkDay } from '@core/use-cases/calendar-work-day';

/** An event as the members' screens get it: with whether booking is open and places left. */
export { CalendarEventSchema, type CalendarEvent, type CalendarWorkDay };

/** GET /api/events's answer, as the calendar page reads it (calendar-events-path.ts). */
export const CalendarAnswerSchema = z.object({ events: z.array(CalendarEventSchema), workDays: z.array(CalendarWorkDaySchema) });
/** The calendar page's data: the events, and the work days shown beside them. */
export type CalendarData = z.infer<typeof CalendarAnswerSchema>;
