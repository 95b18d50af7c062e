import { LoginFormSchema, type Admin } from './admin';
import { LOGIN_MESSAGES, LOGIN_WINDOW_MS, SESSION_MAX_AGE_MS, loginAttemptAllowed, loginAttemptKeys, validateLoginForm } from './login';
import { PermissionError, RateLimitError, UnauthenticatedError, UnavailableError } from '../shared/errors';
import type { AdminRepository } from './admin-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdentityProvider } from './identity-provider.port';
import type { LoginAttemptStore } from './login-attempt-store.port';
import { fieldsError, parseInput } from '../shared/parse-input';

export interface SignInDeps {
  identity: IdentityProvider;
  admins: AdminRepository;
  loginAttempts: LoginAttemptStore;
  clock: Clock;
}

export interface SignInResult {
  admin: Admin;
  /** The opaque session token the cookie carries. */
  token: string;
  expiresAt: Date;
}

export { loginAttemptKeys };

const NO_ATTEMPTS = { count: 0, lastAt: null };

/**
 * Admin sign-in. The attempt is reserved (counted as a failure) in the same write that checks
 * the limits (core/admins/login.ts), before the identity provider is asked; a refused attempt
 * learns nothing, and concurrent guesses cannot all pass a count none of them has written yet.
 * The reservation stays as a failure for a wrong password and is released otherwise.
 */
export class SignIn {
  constructor(private readonly deps: SignInDeps) {}

  async execute(form: unknown, context: { ip: string }): Promise<SignInResult> {
    const checked = validateLoginForm(parseInput(LoginFormSchema, form));
    if (!checked.ok) throw fieldsError(checked.errors);
    const { email, password } = checked.value;

    const now = this.deps.clock.now();
    const keys = loginAttemptKeys(email, context.ip);
    const reservation = await this.deps.loginAttempts.reserve({
      keys: [keys.address, keys.email, keys.pair],
      since: new Date(now.getTime() - LOGIN_WINDOW_MS),
      at: now,
      allow: (history) =>
        loginAttemptAllowed(
          {
            address: history[keys.address] ?? NO_ATTEMPTS,
            email: history[keys.email] ?? NO_ATTEMPTS,
            pair: history[keys.pair] ?? NO_ATTEMPTS,
          },
          now,
        ),
    });
    if (reservation === null) throw new RateLimitError(LOGIN_MESSAGES.tooMany);

    let uid: string;
    try {
      ({ uid } = await this.deps.identity.signIn(email, password));
    } catch (error) {
      // A wrong password keeps its reservation: it is the recorded failure. So does a disabled
      // account's: it answers and counts exactly as a wrong password, so neither the answer nor
      // the throttle tells a guesser that the password was right.
      if (error instanceof UnauthenticatedError || error instanceof PermissionError) {
        throw new UnauthenticatedError(LOGIN_MESSAGES.invalid);
      }
      await this.deps.loginAttempts.release(reservation);
      if (error instanceof RateLimitError) throw new RateLimitError(LOGIN_MESSAGES.tooMany);
      if (error instanceof UnavailableError) throw new UnavailableError(LOGIN_MESSAGES.other);
      throw error;
    }

    const admin = await this.deps.admins.getByUid(uid);
    if (admin?.disabled) throw new UnauthenticatedError(LOGIN_MESSAGES.invalid);
    // The password was right: whatever follows, this attempt was no guess.
    await this.deps.loginAttempts.release(reservation);
    // A user the identity provider knows but the club has no admin record for (spec: "Access denied").
    if (!admin) throw new PermissionError(LOGIN_MESSAGES.noAdmin);

    // The admin knows the password: the e-mail's and this address's earlier failures no longer matter.
    await Promise.all([keys.address, keys.email, keys.pair].map((key) => this.deps.loginAttempts.clear(key)));
    const session = await this.deps.identity.createSession(uid, SESSION_MAX_AGE_MS);
    return { admin, token: session.token, expiresAt: session.expiresAt };
  }
}
