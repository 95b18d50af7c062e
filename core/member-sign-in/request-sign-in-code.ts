import {
  CODE_REQUEST_WINDOW_MS,
  codeHashInput,
  codeRequestAllowed,
  codeRequestKeys,
  emailHashInput,
  MEMBER_SIGN_IN_MAIL_KIND,
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_MESSAGES,
  signInLink,
  SignInCodeRequestSchema,
  sixDigitCode,
  type SignInMessage,
} from './member-sign-in';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { SignInCodeRepository } from './sign-in-code-repository.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { Outbox } from '../mail/outbox.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { newOutboxMessage } from '../mail/outbox';
import { RateLimitError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { signInCodeMail } from './sign-in-mail';

export interface RequestSignInCodeDeps {
  members: MemberRepository;
  loginAttempts: LoginAttemptStore;
  signInCodes: SignInCodeRepository;
  secrets: SecretTokens;
  outbox: Outbox;
  ids: IdGenerator;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  /** Told when a code could not be stored or its e-mail queued (the answer stays the same). */
  reportSignInCodeError: (error: unknown) => void;
}

/**
 * "Sign in" on the members' pages: every request gets the same answer, member or not, and counts
 * against a per-address and per-e-mail limit whoever it names. For a member on the list who is
 * not disabled, a new code (replacing any earlier one) goes out through the outbox. That work is
 * done after the answer is decided and not waited for, so a member's answer takes no longer than
 * a stranger's.
 */
export class RequestSignInCode extends UseCase<RequestSignInCodeDeps> {
  /** The e-mail being written for the last member asked about (tests wait for it). */
  lastSend: Promise<void> = Promise.resolve();

  async execute(request: unknown, context: { ip: string }): Promise<SignInMessage> {
    const { email } = parseInput(SignInCodeRequestSchema, request);
    const now = this.deps.clock.now();
    const keys = codeRequestKeys(email, context.ip);
    const reservation = await this.deps.loginAttempts.reserve({
      keys: [keys.address, keys.email],
      since: new Date(now.getTime() - CODE_REQUEST_WINDOW_MS),
      at: now,
      allow: (history) => codeRequestAllowed({ address: history[keys.address] ?? { count: 0, lastAt: null }, email: history[keys.email] ?? { count: 0, lastAt: null } }),
    });
    if (reservation === null) throw new RateLimitError(SIGN_IN_MESSAGES.tooManyRequests);

    const member = await this.deps.members.getByEmail(email);
    if (member && !member.disabled) {
      this.lastSend = this.send(member, now).catch((error: unknown) => this.deps.reportSignInCodeError(error));
    }
    return { message: SIGN_IN_MESSAGES.sent };
  }

  private async send(member: Member, now: Date): Promise<void> {
    // Only after the answer has gone: the code and its e-mail never lengthen a member's answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const code = sixDigitCode(this.deps.secrets.generate());
    await this.deps.signInCodes.put({
      emailHash: this.deps.secrets.hash(emailHashInput(member.email)),
      memberId: member.id,
      codeHash: this.deps.secrets.hash(codeHashInput(member.email, code)),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
      tries: 0,
      usedAt: null,
    });
    const mail = signInCodeMail(member.email, {
      clubName: this.deps.siteSettings.clubName,
      code,
      link: signInLink(this.deps.siteSettings.publicBaseUrl, member.email, code),
    });
    await this.deps.outbox.add([newOutboxMessage(this.deps.ids.next(), MEMBER_SIGN_IN_MAIL_KIND, member.id, mail, now)]);
  }
}
