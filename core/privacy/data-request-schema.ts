import { z } from 'zod';

/** The e-mail of the person who asked; checked by requestedEmail (a clear message for a blank or malformed one). */
export const DataRequestSchema = z.object({ email: z.string().max(1000).default('') });
/** A member's erasure: the page's confirmation, sent as `confirm: true`. */
export const MyErasureSchema = z.object({ confirm: z.literal(true, { error: 'Confirm the erasure: send confirm: true' }) });
/** An erasure done: how many stored records were anonymised. */
export const ErasureAnswerSchema = z.object({ erased: z.literal(true), records: z.number().int().nonnegative() });
export type ErasureAnswer = z.infer<typeof ErasureAnswerSchema>;
