import type { Admin } from '../admins/admin';
import { SESSION_MAX_AGE_MS } from '../admins/login';
import { UnavailableError, ValidationError } from '../shared/errors';
import type { IdentityProvider } from '../admins/identity-provider.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { PasswordResetTokenRepository } from '../admins/password-reset-token-repository.port';
import type { SessionRepository } from '../admins/session-repository.port';
import { checkPasswordAttempt, forgetPasswordFailures, releasePasswordAttempt, reservePasswordAttempt } from '../admins/password-attempt';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { parseInput } from '../shared/parse-input';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordRequestSchema } from './change-password-schema';
import { UseCase } from '../shared/use-case';

export interface ChangePasswordDeps extends AuditTrailDeps {
  identity: IdentityProvider;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptStore;
  resetTokens: PasswordResetTokenRepository;
}

export interface ChangePasswordResult {
  message: string;
  /** The session this browser goes on with (the cookie's new token) and its end. */
  token: string;
  expiresAt: Date;
}

/**
 * A signed-in admin changes their own password. The current password is checked under the
 * sign-in throttle (a wrong one counts as a failed sign-in and changes nothing), then the new
 * one is set, every session of the admin ends, this browser gets a fresh session (so it stays
 * signed in while the others are out: with Firebase a password change revokes every earlier
 * session cookie anyway), unused reset links are used up, and the audit log records the change
 * (never a password).
 */
export class ChangePassword extends UseCase<ChangePasswordDeps> {
  async execute(admin: Admin, request: unknown, context: { ip: string }): Promise<ChangePasswordResult> {
    const { currentPassword, newPassword } = parseInput(ChangePasswordRequestSchema, request);

    const attempt = await reservePasswordAttempt(this.deps, admin.email, context.ip);
    const user = await checkPasswordAttempt(this.deps, attempt, admin.email, currentPassword);
    if (user === null || user.uid !== admin.uid) {
      // Another account's password is no more this admin's than a wrong one is.
      if (user !== null) await releasePasswordAttempt(this.deps, attempt);
      throw new ValidationError(CHANGE_PASSWORD_MESSAGES.currentWrong, { currentPassword: CHANGE_PASSWORD_MESSAGES.currentWrong });
    }
    await releasePasswordAttempt(this.deps, attempt);
    await forgetPasswordFailures(this.deps, attempt);

    try {
      await this.deps.identity.setPassword(admin.uid, newPassword);
    } catch (error) {
      // The provider's own policy (Firebase) speaks of "password": here that is the new one.
      if (error instanceof ValidationError) throw new ValidationError(error.message, { newPassword: error.message });
      throw error;
    }
    await this.deps.sessions.deleteByUid(admin.uid);
    await this.deps.resetTokens.markAllUsed(admin.uid, this.deps.clock.now());
    await recordAdminAction(this.deps, admin, {
      action: 'admin.password-changed',
      recordType: 'admin',
      recordId: admin.uid,
      summary: `Changed their password; every other session of ${admin.email} ended`,
      before: {},
      after: {},
    });

    let session: { token: string; expiresAt: Date };
    try {
      // A session opened as a sign-in opens one, with the new password.
      await this.deps.identity.signIn(admin.email, newPassword);
      session = await this.deps.identity.createSession(admin.uid, SESSION_MAX_AGE_MS);
    } catch {
      throw new UnavailableError(CHANGE_PASSWORD_MESSAGES.signedOut);
    }
    return { message: CHANGE_PASSWORD_MESSAGES.done, token: session.token, expiresAt: session.expiresAt };
  }
}
