import {
  CODE_REQUEST_WINDOW_MS,
  codeHashInput,
  codeRequestAllowed,
  codeRequestKeys,
  codeStillLive,
  FAILED_CODE_WINDOW_MS,
  failedCodeCapReached,
  wrongCodeKeys,
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_MESSAGES,
  signInLink,
  SignInCodeRequestSchema,
  type SignInMessage,
} from './member-sign-in';
import { MEMBER_SIGN_IN_MAIL_KIND } from '../mail/secret-mail-kinds';
import type { SignInKeys } from './sign-in-keys.port';
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

/** What asking for a code and checking one share: the keys codes are made with, and the e-mail that carries them. */
export interface SignInCodeMailDeps {
  secrets: SecretTokens;
  signInKeys: SignInKeys;
  outbox: Outbox;
  ids: IdGenerator;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  /** Told when a code could not be stored or an e-mail queued (asking for a code, or the daily cap's e-mail when checking one): the answer stays the same. */
  reportSignInCodeError: (error: unknown) => void;
}

export interface RequestSignInCodeDeps extends SignInCodeMailDeps {
  members: MemberRepository;
  loginAttempts: LoginAttemptStore;
  signInCodes: SignInCodeRepository;
}

/**
 * "Sign in" on the members' pages: every request gets the same answer, member or not, and counts
 * against a per-address and a per-e-mail-and-address limit whoever it names (never the e-mail
 * alone, so others' requests never refuse a member's own). An e-mail at the daily cap of wrong
 * codes is refused, member or not. For a member on the list who is not disabled, the code goes
 * out through the outbox: the live code again if there is one, else a new one, so nobody's request
 * makes the code in a member's inbox stop working. That work is done after the answer is decided
 * and not waited for, so a member's answer takes no longer than a stranger's.
 */
export class RequestSignInCode extends UseCase<RequestSignInCodeDeps> {
  /** The e-mail being written for the last member asked about (tests wait for it). */
  lastSend: Promise<void> = Promise.resolve();

  async execute(request: unknown, context: { ip: string }): Promise<SignInMessage> {
    const { email } = parseInput(SignInCodeRequestSchema, request);
    const now = this.deps.clock.now();
    const emailKey = this.deps.signInKeys.emailKey(email);
    // A code could not be checked today: say so now rather than e-mail one.
    const failures = await this.deps.loginAttempts.countSince(wrongCodeKeys(emailKey, context.ip).account, new Date(now.getTime() - FAILED_CODE_WINDOW_MS));
    if (failedCodeCapReached(failures)) throw new RateLimitError(SIGN_IN_MESSAGES.tooManyWrongCodes);
    const keys = codeRequestKeys(emailKey, context.ip);
    const reservation = await this.deps.loginAttempts.reserve({
      keys: [keys.address, keys.pair],
      since: new Date(now.getTime() - CODE_REQUEST_WINDOW_MS),
      at: now,
      allow: (history) =>
        codeRequestAllowed({ address: history[keys.address] ?? { count: 0, lastAt: null }, pair: history[keys.pair] ?? { count: 0, lastAt: null } }),
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
    const emailHash = this.deps.signInKeys.emailKey(member.email);
    const expiresAt = new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString();
    const stored = await this.deps.signInCodes.get(emailHash);
    let code: string;
    if (
      stored?.seed &&
      stored.memberId === member.id &&
      codeStillLive(stored, now) &&
      (await this.deps.signInCodes.extend(emailHash, stored.codeHash, now, new Date(expiresAt)))
    ) {
      // The same code again, ten more minutes: the one in the inbox keeps working, whoever asked.
      code = this.deps.signInKeys.code(stored.seed);
    } else {
      const seed = this.deps.secrets.generate();
      code = this.deps.signInKeys.code(seed);
      await this.deps.signInCodes.put({
        emailHash,
        memberId: member.id,
        codeHash: this.deps.secrets.hash(codeHashInput(member.email, code)),
        seed,
        createdAt: now.toISOString(),
        expiresAt,
        tries: 0,
        usedAt: null,
      });
    }
    const mail = signInCodeMail(member.email, {
      clubName: this.deps.siteSettings.clubName,
      code,
      link: signInLink(this.deps.siteSettings.publicBaseUrl, member.email, code),
    });
    await this.deps.outbox.add([newOutboxMessage(this.deps.ids.next(), MEMBER_SIGN_IN_MAIL_KIND, member.id, mail, now)]);
  }
}
