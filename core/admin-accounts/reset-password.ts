import { loginAttemptKeys } from '../admins/login';
import { RESET_MESSAGES, RESET_TOKEN_PATTERN, resetTokenRefusal, resetTokenStatus } from '../admins/password-reset';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdentityProvider } from '../admins/identity-provider.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { PasswordResetTokenRepository } from '../admins/password-reset-token-repository.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import type { SessionRepository } from '../admins/session-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { parseInput } from '../shared/parse-input';
import { PasswordResetConfirmSchema, type PasswordResetAnswer } from './password-reset-schema';
import { UseCase } from '../shared/use-case';

export interface ResetPasswordDeps extends AuditTrailDeps {
  identity: IdentityProvider;
  admins: AdminRepository;
  resetTokens: PasswordResetTokenRepository;
  secrets: SecretTokens;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptStore;
  clock: Clock;
}

/**
 * The reset page's "Set password": with a valid link (known, unused, under an hour old, of an
 * enabled admin) the admin's password becomes the new one. The link is used up at once (a second
 * use is refused, even racing), the admin's other unused links with it, every session of the
 * admin ends, and the audit log records the reset with the admin as its actor.
 */
export class ResetPassword extends UseCase<ResetPasswordDeps> {
  async execute(request: unknown): Promise<PasswordResetAnswer> {
    // Firebase's own e-mail links to Firebase's own page: no link of ours exists.
    if (this.deps.identity.passwordReset !== 'app') throw new NotFoundError(RESET_MESSAGES.unavailable);
    const { token, password } = parseInput(PasswordResetConfirmSchema, request);
    if (!RESET_TOKEN_PATTERN.test(token)) throw new ValidationError(RESET_MESSAGES.invalid);

    const now = this.deps.clock.now();
    const tokenHash = this.deps.secrets.hash(token);
    const stored = await this.deps.resetTokens.get(tokenHash);
    const status = resetTokenStatus(stored, now);
    if (status !== 'valid' || stored === null) throw new ValidationError(resetTokenRefusal(status === 'valid' ? 'unknown' : status));
    const admin = await this.deps.admins.getByUid(stored.uid);
    if (!admin || admin.disabled) throw new ValidationError(RESET_MESSAGES.invalid);
    // Used up before the password changes: two tabs sending the same link cannot both pass.
    if (!(await this.deps.resetTokens.markUsed(tokenHash, now))) throw new ValidationError(RESET_MESSAGES.used);

    await this.deps.identity.setPassword(admin.uid, password);
    await this.deps.sessions.deleteByUid(admin.uid);
    await this.deps.resetTokens.markAllUsed(admin.uid, now);
    // Whoever guessed at this e-mail before, the admin now knows the password.
    await this.deps.loginAttempts.clear(loginAttemptKeys(admin.email, '').email);
    await recordAdminAction(this.deps, admin, {
      action: 'admin.password-reset',
      recordType: 'admin',
      recordId: admin.uid,
      summary: `Reset their password with an e-mailed link; every session of ${admin.email} ended`,
      before: {},
      after: {},
    });
    return { message: RESET_MESSAGES.done };
  }
}
