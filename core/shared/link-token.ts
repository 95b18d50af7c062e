import { z } from 'zod';

/** The token of an e-mailed link (a booking's manage link, a waiting list's leave link, a work day's withdraw link): never empty, at most 600 characters. */
export const LinkTokenSchema = z.string().min(1).max(600);

/** A request that carries only a link's token, as its query or its body. */
export const LinkTokenRequestSchema = z.object({ token: LinkTokenSchema });
