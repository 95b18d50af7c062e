import { z } from 'zod';
import { MyDutySchema } from './my-duties-schema';

/** A member's swap request: open to every member eligible and free (toMemberId null), or a direct transfer to one. */
export const AskSwapFormSchema = z.object({ toMemberId: z.string().min(1, 'Choose a member').max(64).nullable().default(null) }).strict();

export const SwapIdParamsSchema = z.object({ swapId: z.string().min(1).max(64) }).strict();

/** A swap request as the page that accepts it shows it. */
export const SwapViewSchema = MyDutySchema.extend({
  id: z.string(),
  status: z.enum(['open', 'taken', 'withdrawn']),
  fromName: z.string(),
  /** A direct transfer (to one named member), not an open request. */
  direct: z.boolean(),
  /** The signed-in member asked for it. */
  yours: z.boolean(),
  /** Why the signed-in member cannot take it; null: they can (Accept). */
  refusal: z.string().nullable(),
});
export type SwapView = z.infer<typeof SwapViewSchema>;

export const AskSwapAnswerSchema = z.object({ swap: SwapViewSchema, offeredTo: z.number().int() });
export const SwapAnswerSchema = z.object({ swap: SwapViewSchema });
export const TransferCandidatesSchema = z.object({ candidates: z.array(z.object({ memberId: z.string(), name: z.string() })) });
