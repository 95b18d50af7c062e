import { z } from 'zod';
import { WorkDaySchema } from '../work-days/work-day';

/**
 * A work day as the calendar page shows it beside the events: what it is, when, and whether there
 * is food (kept apart from the use case so the page loads no calendar-file code).
 */
export const CalendarWorkDaySchema = WorkDaySchema.pick({ id: true, name: true, description: true, foodAvailable: true }).extend({
  date: WorkDaySchema.shape.date.unwrap(),
});
export type CalendarWorkDay = z.infer<typeof CalendarWorkDaySchema>;
