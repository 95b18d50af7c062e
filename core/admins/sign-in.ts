import { LoginFormSchema, type Admin } from './admin';
import { LOGIN_MESSAGES, SESSION_MAX_AGE_MS, loginAttemptKeys, validateLoginForm } from './login';
import { PermissionError, UnauthenticatedError } from '../shared/errors';
import type { AdminRepository } from './admin-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdentityProvider } from './identity-provider.port';
import type { LoginAttemptStore } from './login-attempt-store.port';
import { checkPasswordAttempt, forgetPasswordFailures, releasePasswordAttempt, reservePasswordAttempt } from './password-attempt';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

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

/**
 * Admin sign-in. The attempt is reserved (counted as a failure) in the same write that checks
 * the limits (core/admins/login.ts), before the identity provider is asked; a refused attempt
 * learns nothing, and concurrent guesses cannot all pass a count none of them has written yet.
 * The reservation stays as a failure for a wrong password and is released otherwise.
 */
export class SignIn extends UseCase<SignInDeps> {
  async execute(form: unknown, context: { ip: string }): Promise<SignInResult> {
    const valid = acceptedForm(validateLoginForm(parseInput(LoginFormSchema, form)));
    const { email, password } = valid;

    const attempt = await reservePasswordAttempt(this.deps, email, context.ip);
    // A wrong password keeps its reservation: it is the recorded failure. So does a disabled
    // account's: it answers and counts exactly as a wrong password, so neither the answer nor
    // the throttle tells a guesser that the password was right.
    const user = await checkPasswordAttempt(this.deps, attempt, email, password);
    if (user === null) throw new UnauthenticatedError(LOGIN_MESSAGES.invalid);
    const { uid } = user;

    const admin = await this.deps.admins.getByUid(uid);
    if (admin?.disabled) throw new UnauthenticatedError(LOGIN_MESSAGES.invalid);
    // The password was right: whatever follows, this attempt was no guess.
    await releasePasswordAttempt(this.deps, attempt);
    // A user the identity provider knows but the club has no admin record for (spec: "Access denied").
    if (!admin) throw new PermissionError(LOGIN_MESSAGES.noAdmin);

    // The admin knows the password: the e-mail's and this address's earlier failures no longer matter.
    await forgetPasswordFailures(this.deps, attempt);
    const session = await this.deps.identity.createSession(uid, SESSION_MAX_AGE_MS);
    return { admin, token: session.token, expiresAt: session.expiresAt };
  }
}
