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
/** The most members one search for a transfer's recipient shows: a member looks for the one they arranged it with, not through the list. */
export const TRANSFER_CANDIDATES_SHOWN = 10;

/** GET …/transfer-candidates?name=: part of the name of the member to hand a duty to. */
const NAME_TOO_SHORT = 'Type at least 2 letters of the member’s name';
export const TransferCandidatesQuerySchema = z.object({
  name: z.string({ error: NAME_TOO_SHORT }).trim().min(2, NAME_TOO_SHORT).max(100, 'Type at most 100 characters of the member’s name'),
});

/**
 * The members a duty may be handed to whose name answers the search (each word typed begins a
 * word of their name), named as the rota names members ("Bob S."), at most
 * TRANSFER_CANDIDATES_SHOWN; `more`: others answer too (type more of the name).
 */
export const TransferCandidatesSchema = z.object({ candidates: z.array(z.object({ memberId: z.string(), name: z.string() })), more: z.boolean() });
export type TransferCandidates = z.infer<typeof TransferCandidatesSchema>;
