import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import type { AttemptHistory } from './login-attempt-store.port';
import type { PasswordResetToken } from './password-reset-token-repository.port';

/** A reset link works for one hour after it was asked for. */
export const RESET_TOKEN_TTL_MS = 3_600_000;

/**
 * What a reset link carries: 32 random bytes in base64url (43 characters, see SecretTokens).
 * Anything else is not one of ours and is refused before any lookup.
 */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const RESET_MESSAGES = {
  /** The one answer to a reset request, whether or not the address belongs to an admin. */
  sent: 'If that address belongs to an admin, we have sent a link to reset the password. The link works once, within one hour.',
  invalid: 'This reset link is not valid. Please ask for a new one.',
  expired: 'This reset link has expired. Please ask for a new one.',
  used: 'This reset link has already been used. Please ask for a new one if you still need to reset your password.',
  done: 'Your password has been changed. Please sign in with your new password.',
  tooMany: 'Too many password reset requests. Please try again later.',
  unavailable: 'Password reset by e-mail is not available on this server. Please ask another admin to help.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** The stored record of a new token (only its hash), valid for one hour from `now`. */
export function newResetToken(tokenHash: string, uid: string, now: Date): PasswordResetToken {
  return { tokenHash, uid, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(), usedAt: null };
}

export type ResetTokenStatus = 'valid' | 'unknown' | 'expired' | 'used';

/**
 * Whether a stored token may still set a password at `now`: unknown (no record: never issued, or
 * altered), used (once only), expired (from its expiry instant on), else valid.
 */
export function resetTokenStatus(stored: PasswordResetToken | null, now: Date): ResetTokenStatus {
  if (stored === null) return 'unknown';
  if (stored.usedAt !== null) return 'used';
  if (now.getTime() >= Date.parse(stored.expiresAt)) return 'expired';
  return 'valid';
}

/** The message for a token that may not be used. */
export function resetTokenRefusal(status: Exclude<ResetTokenStatus, 'valid'>): string {
  return status === 'used' ? RESET_MESSAGES.used : status === 'expired' ? RESET_MESSAGES.expired : RESET_MESSAGES.invalid;
}

/** At most this many reset requests for one e-mail (any case) in the window… */
export const MAX_RESETS_PER_EMAIL = 3;
/** …and this many from one address, whatever the e-mails. */
export const MAX_RESETS_PER_ADDRESS = 10;
export const RESET_WINDOW_MS = 3_600_000;

/** The rate-limit keys of a reset request: apart from the sign-in's, so neither clears the other. */
export function resetRequestKeys(email: string, ip: string): { address: string; email: string } {
  return { address: `reset-ip:${ip}`, email: `reset-email:${email.toLowerCase()}` };
}

/**
 * Whether one more reset request may go ahead, given the requests in the window. Counted for
 * every address asked about, admin or not, so the limit itself says nothing about who is an admin.
 */
export function resetRequestAllowed(history: { address: AttemptHistory; email: AttemptHistory }): boolean {
  return history.address.count < MAX_RESETS_PER_ADDRESS && history.email.count < MAX_RESETS_PER_EMAIL;
}

/** The app's reset page for this token. */
export function resetPasswordPath(token: string): string {
  return `/admin/reset-password?${new URLSearchParams({ token }).toString()}`;
}

/** A stored reset token as the storage adapters check it when they read one back. */
export const PasswordResetTokenSchema = z.object({
  tokenHash: z.string().min(1),
  uid: z.string().min(1),
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
  usedAt: InstantSchema.nullable(),
});
