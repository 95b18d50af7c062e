import {
  CODE_REQUEST_WINDOW_MS,
  codeCheckKey,
  codeHashInput,
  codeTryAllowed,
  FAILED_CODE_WINDOW_MS,
  failedCodeCapReached,
  MAX_CODE_CHECKS_PER_ADDRESS,
  MAX_CODE_TRIES,
  MAX_FAILED_CODES_PER_DAY,
  MEMBER_SESSION_TTL_MS,
  SIGN_IN_CAP_MAIL_KIND,
  SIGN_IN_MESSAGES,
  SignInCodeCheckSchema,
  wrongCodeKeys,
  type SignedInMember,
} from './member-sign-in';
import type { MemberRepository } from '../members/member-repository.port';
import type { MemberSessionRepository } from './member-session-repository.port';
import type { SignInCodeRepository } from './sign-in-code-repository.port';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import { newOutboxMessage } from '../mail/outbox';
import { londonDate } from '../shared/london-time';
import { RateLimitError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { signedInMember } from './current-member';
import type { SignInCodeMailDeps } from './request-sign-in-code';
import { signInCapMail } from './sign-in-mail';

export interface CheckSignInCodeDeps extends SignInCodeMailDeps {
  members: MemberRepository;
  signInCodes: SignInCodeRepository;
  memberSessions: MemberSessionRepository;
  addressLimits: AddressLimitStore;
  loginAttempts: LoginAttemptStore;
}

/** A new member session: the token for the cookie (only its hash is stored) and when it ends. */
export interface MemberSignedIn {
  token: string;
  expiresAt: Date;
  member: SignedInMember;
}

const NO_ATTEMPTS = { count: 0, lastAt: null };

/**
 * Signs a member in with the e-mailed code (typed, or sent by the link's button). Before the code
 * is compared, the check is counted as a wrong code (released when it is right) for this e-mail
 * from this address, and for the e-mail from everywhere over 24 hours, each atomically so racing
 * guesses cannot pass a limit between them. Wrong codes from other addresses therefore never
 * refuse a member's own; only the daily cap (MAX_FAILED_CODES_PER_DAY) counts them all, and the
 * member is e-mailed once when it is reached. A right code is then marked used once. Every
 * refusal of a code (wrong, used, expired, never sent, member since disabled) is one message, so
 * the answer never says whether the address has a code; the limits answer alike for any e-mail.
 */
export class CheckSignInCode extends UseCase<CheckSignInCodeDeps> {
  /** The cap's e-mail being written, if any (tests wait for it). */
  lastNotice: Promise<void> = Promise.resolve();

  async execute(request: unknown, context: { ip: string }): Promise<MemberSignedIn> {
    const { email, code } = parseInput(SignInCodeCheckSchema, request);
    const now = this.deps.clock.now();
    // One counter document per address (not a query over attempts), so a burst of checks from
    // many addresses does not make the database's transactions abort each other.
    const { hits } = await this.deps.addressLimits.hit(codeCheckKey(context.ip), CODE_REQUEST_WINDOW_MS, now);
    if (hits > MAX_CODE_CHECKS_PER_ADDRESS) throw new RateLimitError(SIGN_IN_MESSAGES.tooManyChecks);

    const emailHash = this.deps.signInKeys.emailKey(email);
    const keys = wrongCodeKeys(emailHash, context.ip);
    const pair = await this.deps.loginAttempts.reserve({
      keys: [keys.pair],
      since: new Date(now.getTime() - CODE_REQUEST_WINDOW_MS),
      at: now,
      allow: (history) => codeTryAllowed(history[keys.pair] ?? NO_ATTEMPTS),
    });
    if (pair === null) throw new RateLimitError(SIGN_IN_MESSAGES.tooManyChecks);
    let failuresBefore = 0;
    const account = await this.deps.loginAttempts.reserve({
      keys: [keys.account],
      since: new Date(now.getTime() - FAILED_CODE_WINDOW_MS),
      at: now,
      allow: (history) => {
        failuresBefore = (history[keys.account] ?? NO_ATTEMPTS).count;
        return !failedCodeCapReached(failuresBefore);
      },
    });
    if (account === null) {
      await this.deps.loginAttempts.release(pair);
      throw new RateLimitError(SIGN_IN_MESSAGES.tooManyWrongCodes);
    }
    const wrong = (): ValidationError => {
      // This wrong code is the one that reaches the cap: tell the member, once.
      if (failuresBefore === MAX_FAILED_CODES_PER_DAY - 1)
        this.lastNotice = this.notice(email, now).catch((error: unknown) => this.deps.reportSignInCodeError(error));
      return refused();
    };

    const counted = await this.deps.signInCodes.countTry(emailHash, now, MAX_CODE_TRIES);
    const codeHash = this.deps.secrets.hash(codeHashInput(email, code));
    if (counted === null || counted.codeHash !== codeHash) throw wrong();
    // The right code is no wrong one, whatever follows.
    await Promise.all([this.deps.loginAttempts.release(pair), this.deps.loginAttempts.release(account)]);
    if (!(await this.deps.signInCodes.markUsed(emailHash, codeHash, now))) throw refused();
    const member = await this.deps.members.get(counted.memberId);
    if (!member || member.disabled) throw refused();
    // A successful check is no failure: it stops counting against the address.
    await this.deps.addressLimits.unhit(codeCheckKey(context.ip));

    const token = this.deps.secrets.generate();
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_TTL_MS);
    await this.deps.memberSessions.create({
      tokenHash: this.deps.secrets.hash(token),
      uid: member.id,
      passkeyId: null,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token, expiresAt, member: signedInMember(member) };
  }

  /** The e-mail to a member whose address reached the daily cap: under an id of the member and the day, so it goes once. */
  private async notice(email: string, now: Date): Promise<void> {
    // After the answer, as a code's e-mail: the refusal takes no longer for a member.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const member = await this.deps.members.getByEmail(email);
    if (!member || member.disabled) return;
    const mail = signInCapMail(member.email, { clubName: this.deps.siteSettings.clubName, signInUrl: `${this.deps.siteSettings.publicBaseUrl}/sign-in` });
    await this.deps.outbox.addOnce(newOutboxMessage(`${SIGN_IN_CAP_MAIL_KIND}-${member.id}-${londonDate(now)}`, SIGN_IN_CAP_MAIL_KIND, member.id, mail, now));
  }
}

function refused(): ValidationError {
  return new ValidationError(SIGN_IN_MESSAGES.invalidCode, { code: SIGN_IN_MESSAGES.invalidCode });
}
