import { z } from 'zod';
import { IdSchema } from '../duty-rosters/duty-roster';
import { DutySeasonSchema } from './availability-schema';

/**
 * The admin's rota fill (docs/duties.md, "Filling the rota"): its forms and answers, declared once
 * for the server and the web app.
 */

/** The most assignments one publish may carry. */
export const MAX_ROTA_FILL_ASSIGNMENTS = 2000;

export const ROTA_FILL_MESSAGES = {
  seasonInvalid: 'Give the season as a date within it, YYYY-MM-DD',
  nothingToPublish: 'Give at least one assignment to publish',
  breaksRules: 'These assignments break the rota rules',
} as const;

/** Which season to fill: the one containing `season` (a London date), else the one of today. */
export const RotaFillPreviewFormSchema = z.object({ season: z.iso.date({ error: ROTA_FILL_MESSAGES.seasonInvalid }).optional() }).strict();
export type RotaFillPreviewForm = z.infer<typeof RotaFillPreviewFormSchema>;

export const RotaFillAssignmentSchema = z.object({ slotId: IdSchema, memberId: IdSchema }).strict();

/** The (possibly adjusted) proposal to publish, for the season as in the preview. */
export const RotaFillPublishFormSchema = z
  .object({
    season: z.iso.date({ error: ROTA_FILL_MESSAGES.seasonInvalid }).optional(),
    assignments: z.array(RotaFillAssignmentSchema).min(1, ROTA_FILL_MESSAGES.nothingToPublish).max(MAX_ROTA_FILL_ASSIGNMENTS),
  })
  .strict();
export type RotaFillPublishForm = z.infer<typeof RotaFillPublishFormSchema>;

const RotaFairnessSchema = z.object({
  filled: z.number().int(),
  maxOver: z.number().int(),
  totalOver: z.number().int(),
  unitsUnder: z.number().int(),
  wishesKept: z.number().int(),
  wishesBroken: z.number().int(),
  crowding: z.number().int(),
});

/** A slot of the fill as the admin reads it. */
const RotaFillSlotSchema = z.object({
  slotId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** When the duty starts and ends (instants). */
  start: z.string(),
  end: z.string(),
  dutyTypeName: z.string(),
});

/** The proposal: each new assignment with why, how fair it is against the greedy pass, and the places left open. */
export const RotaFillPreviewSchema = z.object({
  season: DutySeasonSchema,
  assignments: z.array(
    RotaFillSlotSchema.extend({
      memberId: z.string(),
      memberName: z.string(),
      /** The duty is the `count`th of `expected` for the member, or their household when it shares a quota. */
      count: z.number().int(),
      expected: z.number().int(),
      household: z.boolean(),
      prefers: z.boolean(),
      avoids: z.boolean(),
      secondThatDay: z.boolean(),
    }),
  ),
  fairness: z.object({ proposal: RotaFairnessSchema, greedy: RotaFairnessSchema }),
  /** Slots still short once the proposal is made, with how many places. */
  open: z.array(RotaFillSlotSchema.extend({ open: z.number().int() })),
});
export type RotaFillPreview = z.infer<typeof RotaFillPreviewSchema>;

/** What a publish did: the assignments written, and those skipped with why (a slot filled meanwhile, a clash). */
export const RotaFillPublishResultSchema = z.object({
  written: z.array(z.object({ slotId: z.string(), memberId: z.string() })),
  skipped: z.array(z.object({ slotId: z.string(), memberId: z.string(), reason: z.string() })),
  /** How many members were sent their new duties now. */
  mailed: z.number().int(),
});
export type RotaFillPublishResult = z.infer<typeof RotaFillPublishResultSchema>;
