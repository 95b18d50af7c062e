import { z } from 'zod';
import { InstantSchema } from '../core/shared/instant';

/*
 * The schemas that check what the storage adapters read back (stored data is input too), for the
 * records whose ports speak of a plain type rather than an entity's schema.
 */

/** A local sign-in credential (CredentialRepository). */
export const CredentialSchema = z.object({
  uid: z.string().min(1),
  email: z.string().min(1),
  passwordHash: z.string().min(1),
  disabled: z.boolean(),
});

/** An admin's session (SessionRepository). */
export const SessionSchema = z.object({
  tokenHash: z.string().min(1),
  uid: z.string().min(1),
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
});
