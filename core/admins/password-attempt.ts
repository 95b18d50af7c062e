import { LOGIN_MESSAGES, LOGIN_WINDOW_MS, loginAttemptAllowed, loginAttemptKeys } from './login';
import { PermissionError, RateLimitError, UnauthenticatedError, UnavailableError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { IdentityProvider, IdentityUser } from './identity-provider.port';
import type { LoginAttemptStore } from './login-attempt-store.port';

/** What checking a password under the sign-in throttle needs. */
export interface PasswordAttemptDeps {
  identity: IdentityProvider;
  loginAttempts: LoginAttemptStore;
  clock: Clock;
}

/** One password check that the throttle has let through, counted as a failure until released. */
export interface PasswordAttempt {
  keys: string[];
  reservation: string;
}

const NO_ATTEMPTS = { count: 0, lastAt: null };

/**
 * Counts one password check for this e-mail from this address under the sign-in throttle
 * (core/admins/login.ts, ADR 0007 and 0027), in the same write that checks the limits, before
 * any password is looked at. Throws RateLimitError ("Too many failed login attempts…") when
 * refused; nothing is then recorded. Sign-in and the change of one's own password share it, so
 * guesses through either count together.
 */
export async function reservePasswordAttempt(deps: PasswordAttemptDeps, email: string, ip: string): Promise<PasswordAttempt> {
  const now = deps.clock.now();
  const keys = loginAttemptKeys(email, ip);
  const reservation = await deps.loginAttempts.reserve({
    keys: [keys.address, keys.email, keys.pair],
    since: new Date(now.getTime() - LOGIN_WINDOW_MS),
    at: now,
    allow: (history) =>
      loginAttemptAllowed(
        { address: history[keys.address] ?? NO_ATTEMPTS, email: history[keys.email] ?? NO_ATTEMPTS, pair: history[keys.pair] ?? NO_ATTEMPTS },
        now,
      ),
  });
  if (reservation === null) throw new RateLimitError(LOGIN_MESSAGES.tooMany);
  return { keys: [keys.address, keys.email, keys.pair], reservation };
}

/**
 * Asks the identity provider whether the password is right, for a reserved attempt. A wrong
 * password, and a disabled account (which must look the same to a guesser), answer null and keep
 * the reservation: it is the recorded failure. A provider that refuses for too many attempts or
 * cannot be reached releases it (no guess was checked) and throws the sign-in's RateLimitError or
 * UnavailableError. A right password returns the user; the reservation is the caller's to release.
 */
export async function checkPasswordAttempt(deps: PasswordAttemptDeps, attempt: PasswordAttempt, email: string, password: string): Promise<IdentityUser | null> {
  try {
    return await deps.identity.signIn(email, password);
  } catch (error) {
    if (error instanceof UnauthenticatedError || error instanceof PermissionError) return null;
    await deps.loginAttempts.release(attempt.reservation);
    if (error instanceof RateLimitError) throw new RateLimitError(LOGIN_MESSAGES.tooMany);
    if (error instanceof UnavailableError) throw new UnavailableError(LOGIN_MESSAGES.other);
    throw error;
  }
}

/** The attempt was no guess: it no longer counts. */
export function releasePasswordAttempt(deps: PasswordAttemptDeps, attempt: PasswordAttempt): Promise<void> {
  return deps.loginAttempts.release(attempt.reservation);
}

/** The person knows the password: the e-mail's and this address's earlier failures no longer matter. */
export async function forgetPasswordFailures(deps: PasswordAttemptDeps, attempt: PasswordAttempt): Promise<void> {
  await Promise.all(attempt.keys.map((key) => deps.loginAttempts.clear(key)));
}
