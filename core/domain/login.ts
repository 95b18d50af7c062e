import type { LoginForm } from '../entities/admin';

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

/** The sixth try after five failures in the window is refused, as decisions.md says. */
export function isLockedOut(failuresInWindow: number): boolean {
  return failuresInWindow >= MAX_FAILED_LOGINS;
}
