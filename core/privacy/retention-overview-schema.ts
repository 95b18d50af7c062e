import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { RetentionKindSchema } from './retention-schedule';

/** One line of the retention schedule as the admins' page and the privacy notice show it. */
export const RetentionLineSchema = z.object({
  kind: RetentionKindSchema,
  title: z.string(),
  holds: z.string(),
  /** The limit in words, e.g. "24 months after the event". */
  limit: z.string(),
  /** What happens once a record is past its limit. */
  after: z.string(),
  action: z.enum(['anonymise', 'delete', 'keep']),
});
export type RetentionLine = z.infer<typeof RetentionLineSchema>;

/** The public schedule: the privacy notice's retention section (GET /api/privacy/retention). */
export const RetentionScheduleListSchema = z.object({ lines: z.array(RetentionLineSchema) });
export type RetentionScheduleList = z.infer<typeof RetentionScheduleListSchema>;

/** A line of the admins' page: the schedule's line with what is held now and what the next run changes. */
export const RetentionHoldingLineSchema = RetentionLineSchema.extend({
  /** Records holding personal data of this kind (financial records: all of them). */
  count: z.number().int().nonnegative(),
  /** The date of the oldest of them, or null when there is none. */
  oldest: z.string().nullable(),
  /** How many the next run anonymises or deletes (0 for financial records, which it keeps). */
  nextRunRemoves: z.number().int().nonnegative(),
});
export type RetentionHoldingLine = z.infer<typeof RetentionHoldingLineSchema>;

/** The admins' Data retention page (GET /api/admin/retention). */
export const RetentionOverviewSchema = z.object({
  lines: z.array(RetentionHoldingLineSchema),
  /** When the nightly run next starts. */
  nextRunAt: InstantSchema,
});
export type RetentionOverview = z.infer<typeof RetentionOverviewSchema>;
