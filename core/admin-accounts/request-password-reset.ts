import { newResetToken, RESET_MESSAGES, RESET_WINDOW_MS, resetPasswordPath, resetRequestAllowed, resetRequestKeys } from '../admins/password-reset';
import { PASSWORD_RESET_MAIL_KIND } from '../mail/secret-mail-kinds';
import { newOutboxMessage } from '../mail/outbox';
import { passwordResetMail } from './password-reset-mail';
import { NotFoundError, RateLimitError } from '../shared/errors';
import type { Admin } from '../admins/admin';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { IdentityProvider } from '../admins/identity-provider.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { Outbox } from '../mail/outbox.port';
import type { PasswordResetTokenRepository } from '../admins/password-reset-token-repository.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { parseInput } from '../shared/parse-input';
import { PasswordResetRequestSchema, type PasswordResetAnswer } from './password-reset-schema';
import { UseCase } from '../shared/use-case';

export interface RequestPasswordResetDeps {
  identity: IdentityProvider;
  admins: AdminRepository;
  loginAttempts: LoginAttemptStore;
  resetTokens: PasswordResetTokenRepository;
  secrets: SecretTokens;
  outbox: Outbox;
  ids: IdGenerator;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  /** True when the server sends e-mail (SMTP_URL): the app's own reset link needs it. */
  mailOn: boolean;
  /** Told when a reset e-mail could not be written or asked for (the answer stays the same). */
  reportPasswordResetError: (error: unknown) => void;
}

/**
 * "Forgot password?" on the admin sign-in. Every request gets the same answer, whether or not the
 * address belongs to an admin, and counts against a per-address and per-e-mail limit
 * (core/admins/password-reset.ts) whoever it names. For an enabled admin, local identity writes
 * a single-use link valid for an hour to the outbox (only the token's hash is stored); Firebase
 * sends its own reset e-mail.
 */
export class RequestPasswordReset extends UseCase<RequestPasswordResetDeps> {
  /** Whether this server can reset a forgotten password: Firebase's e-mail, or ours with mail on. */
  available(): boolean {
    return this.deps.identity.passwordReset === 'provider' || this.deps.mailOn;
  }

  async execute(request: unknown, context: { ip: string }): Promise<PasswordResetAnswer> {
    if (!this.available()) throw new NotFoundError(RESET_MESSAGES.unavailable);
    const { email } = parseInput(PasswordResetRequestSchema, request);

    const now = this.deps.clock.now();
    const keys = resetRequestKeys(email, context.ip);
    const reservation = await this.deps.loginAttempts.reserve({
      keys: [keys.address, keys.email],
      since: new Date(now.getTime() - RESET_WINDOW_MS),
      at: now,
      allow: (history) =>
        resetRequestAllowed({ address: history[keys.address] ?? { count: 0, lastAt: null }, email: history[keys.email] ?? { count: 0, lastAt: null } }),
    });
    if (reservation === null) throw new RateLimitError(RESET_MESSAGES.tooMany);

    const admin = await this.deps.admins.getByEmail(email);
    if (admin && !admin.disabled) {
      try {
        await this.send(admin, now);
      } catch (error) {
        // Saying "failed" only for admins would tell who is one: the log hears of it instead.
        this.deps.reportPasswordResetError(error);
      }
    }
    return { message: RESET_MESSAGES.sent };
  }

  private async send(admin: Admin, now: Date): Promise<void> {
    if (this.deps.identity.passwordReset === 'provider') {
      await this.deps.identity.sendPasswordResetEmail(admin.email);
      return;
    }
    const token = this.deps.secrets.generate();
    await this.deps.resetTokens.create(newResetToken(this.deps.secrets.hash(token), admin.uid, now));
    const mail = passwordResetMail(admin.email, {
      clubName: this.deps.siteSettings.clubName,
      resetUrl: `${this.deps.siteSettings.publicBaseUrl}${resetPasswordPath(token)}`,
    });
    await this.deps.outbox.add([newOutboxMessage(this.deps.ids.next(), PASSWORD_RESET_MAIL_KIND, admin.uid, mail, now)]);
  }
}
