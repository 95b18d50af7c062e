import type { LoginForm } from './admin';
import type { AttemptHistory } from './login-attempt-store.port';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid email or password',
  tooMany: 'Too many failed login attempts. Please try again later.',
  noAdmin: 'Access denied. You do not have admin privileges.',
  other: 'Login failed. Please try again.',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 8 * 3600 * 1000;

/**
 * The e-mail is trimmed (a stray space from autofill should not fail a sign-in); the password is
 * taken exactly as typed, since spaces can be part of it.
 */
export function validateLoginForm(
  values: LoginForm,
): { ok: true; value: { email: string; password: string } } | { ok: false; errors: Partial<Record<'email' | 'password', string>> } {
  const email = values.email.trim();
  const password = values.password;
  const errors: Partial<Record<'email' | 'password', string>> = {};
  if (email === '') errors.email = LOGIN_MESSAGES.emailRequired;
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, value: { email, password } };
}

/** The sixth try after five failures in the window is refused, as docs/product.md#sign-in-and-sessions says. */
export function isLockedOut(failuresInWindow: number): boolean {
  return failuresInWindow >= MAX_FAILED_LOGINS;
}

/** The most an e-mail's failures can make the next try for it, from one address, wait (docs/identity.md). */
export const EMAIL_DELAY_CAP_MS = 30_000;

/**
 * How long after its latest failure the next try for one e-mail from the same address must wait,
 * given the e-mail's failures in the window from anywhere: nothing for the first five, then 1 s,
 * 2 s, 4 s ... doubling, never above the cap.
 */
export function emailDelayMs(failuresInWindow: number): number {
  if (failuresInWindow <= MAX_FAILED_LOGINS) return 0;
  const doublings = failuresInWindow - MAX_FAILED_LOGINS - 1;
  return doublings >= 15 ? EMAIL_DELAY_CAP_MS : Math.min(EMAIL_DELAY_CAP_MS, 1000 * 2 ** doublings);
}

/** The rate-limit keys of an attempt: the caller's address, the e-mail (any case), and the two together. */
export function loginAttemptKeys(email: string, ip: string): { address: string; email: string; pair: string } {
  const lower = email.toLowerCase();
  return { address: `ip:${ip}`, email: `email:${lower}`, pair: `email-ip:${lower}|${ip}` };
}

/**
 * Whether one more sign-in attempt may be checked. An address gets five failures in the window,
 * then none until they age out (whatever e-mails it tries). An e-mail with more than five failures
 * in the window (from anywhere) makes each address that has itself failed for it wait after that
 * address's own latest failure (emailDelayMs). The wait is keyed by e-mail and address together:
 * other addresses' failures never delay an address that has not failed, so guessers cannot keep
 * an admin out (ADR 27). An attempt being checked counts as a failure until it is known not to be
 * one, so concurrent tries cannot slip past the limit together.
 */
export function loginAttemptAllowed(history: { address: AttemptHistory; email: AttemptHistory; pair: AttemptHistory }, now: Date): boolean {
  if (isLockedOut(history.address.count)) return false;
  const wait = emailDelayMs(history.email.count);
  if (wait === 0 || history.pair.lastAt === null) return true;
  return now.getTime() >= history.pair.lastAt.getTime() + wait;
}
