import { z } from 'zod';
import { WorkDayWithCountsSchema } from './work-day';

/**
 * The members' work-day answers, declared once for the API (server/http/api-schemas.ts) and the
 * work-day pages (web/src/features/work-days/api): the days open for sign-ups (GET
 * /api/work-days) and one of them (GET /api/work-days/{id}), each with its jobs' counts.
 */
export const WorkDaysResponseSchema = z.object({ workDays: z.array(WorkDayWithCountsSchema) });
export type WorkDaysResponse = z.infer<typeof WorkDaysResponseSchema>;
export const WorkDayResponseSchema = z.object({ workDay: WorkDayWithCountsSchema });
export type WorkDayResponse = z.infer<typeof WorkDayResponseSchema>;
