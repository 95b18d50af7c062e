import { LoginFormSchema, type Admin } from '../entities/admin';
import { LOGIN_MESSAGES, LOGIN_WINDOW_MS, SESSION_MAX_AGE_MS, isLockedOut, validateLoginForm } from '../domain/login';
import { PermissionError, RateLimitError, UnauthenticatedError, UnavailableError } from '../errors';
import type { AdminRepository } from '../ports/admin-repository';
import type { Clock } from '../ports/clock';
import type { IdentityProvider } from '../ports/identity-provider';
import type { LoginAttemptStore } from '../ports/login-attempt-store';
import { fieldsError, parseInput } from './parse-input';

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

/** The rate-limit keys of an attempt: the e-mail (any case) and the caller's address. */
export function loginAttemptKeys(email: string, ip: string): string[] {
  return [`email:${email.toLowerCase()}`, `ip:${ip}`];
}

/**
 * Admin sign-in. Five failures for one e-mail or one address within 15 minutes lock further
 * tries out before the identity provider is even asked, so a guesser learns nothing more.
 */
export class SignIn {
  constructor(private readonly deps: SignInDeps) {}

  async execute(form: unknown, context: { ip: string }): Promise<SignInResult> {
    const checked = validateLoginForm(parseInput(LoginFormSchema, form));
    if (!checked.ok) throw fieldsError(checked.errors);
    const { email, password } = checked.value;

    const now = this.deps.clock.now();
    const keys = loginAttemptKeys(email, context.ip);
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    for (const key of keys) {
      if (isLockedOut(await this.deps.loginAttempts.countSince(key, since))) throw new RateLimitError(LOGIN_MESSAGES.tooMany);
    }

    let uid: string;
    try {
      ({ uid } = await this.deps.identity.signIn(email, password));
    } catch (error) {
      if (error instanceof UnauthenticatedError) {
        await this.deps.loginAttempts.recordFailure(keys, now);
        throw new UnauthenticatedError(LOGIN_MESSAGES.invalid);
      }
      if (error instanceof RateLimitError) throw new RateLimitError(LOGIN_MESSAGES.tooMany);
      // A disabled account: the password was right, but this person may not use the panel.
      if (error instanceof PermissionError) throw new PermissionError(LOGIN_MESSAGES.noAdmin);
      if (error instanceof UnavailableError) throw new UnavailableError(LOGIN_MESSAGES.other);
      throw error;
    }

    const admin = await this.deps.admins.getByUid(uid);
    if (!admin || admin.disabled) throw new PermissionError(LOGIN_MESSAGES.noAdmin);

    await Promise.all(keys.map((key) => this.deps.loginAttempts.clear(key)));
    const session = await this.deps.identity.createSession(uid, SESSION_MAX_AGE_MS);
    return { admin, token: session.token, expiresAt: session.expiresAt };
  }
}
