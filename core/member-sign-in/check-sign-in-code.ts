import {
  CODE_REQUEST_WINDOW_MS,
  codeCheckKey,
  codeHashInput,
  emailHashInput,
  MAX_CODE_CHECKS_PER_ADDRESS,
  MAX_CODE_TRIES,
  MEMBER_SESSION_TTL_MS,
  SIGN_IN_MESSAGES,
  SignInCodeCheckSchema,
  type SignedInMember,
} from './member-sign-in';
import type { MemberRepository } from '../members/member-repository.port';
import type { MemberSessionRepository } from './member-session-repository.port';
import type { SignInCodeRepository } from './sign-in-code-repository.port';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { Clock } from '../shared/clock.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { RateLimitError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { signedInMember } from './current-member';

export interface CheckSignInCodeDeps {
  members: MemberRepository;
  signInCodes: SignInCodeRepository;
  memberSessions: MemberSessionRepository;
  addressLimits: AddressLimitStore;
  secrets: SecretTokens;
  clock: Clock;
}

/** A new member session: the token for the cookie (only its hash is stored) and when it ends. */
export interface MemberSignedIn {
  token: string;
  expiresAt: Date;
  member: SignedInMember;
}

/**
 * Signs a member in with the e-mailed code (typed, or sent by the link's button). Each check
 * counts one try of the e-mail's code before the code is compared (atomically, so racing guesses
 * cannot pass the 5 tries between them); a right code is then marked used once. Every refusal
 * (wrong, used, expired, out of tries, never sent, member since disabled) is one message, so the
 * answer never says whether the address has a code.
 */
export class CheckSignInCode extends UseCase<CheckSignInCodeDeps> {
  async execute(request: unknown, context: { ip: string }): Promise<MemberSignedIn> {
    const { email, code } = parseInput(SignInCodeCheckSchema, request);
    const now = this.deps.clock.now();
    // One counter document per address (not a query over attempts), so a burst of checks from
    // many addresses does not make the database's transactions abort each other.
    const { hits } = await this.deps.addressLimits.hit(codeCheckKey(context.ip), CODE_REQUEST_WINDOW_MS, now);
    if (hits > MAX_CODE_CHECKS_PER_ADDRESS) throw new RateLimitError(SIGN_IN_MESSAGES.tooManyChecks);

    const emailHash = this.deps.secrets.hash(emailHashInput(email));
    const counted = await this.deps.signInCodes.countTry(emailHash, now, MAX_CODE_TRIES);
    const codeHash = this.deps.secrets.hash(codeHashInput(email, code));
    if (counted === null || counted.codeHash !== codeHash) throw refused();
    if (!(await this.deps.signInCodes.markUsed(emailHash, codeHash, now))) throw refused();
    const member = await this.deps.members.get(counted.memberId);
    if (!member || member.disabled) throw refused();
    // A successful check is no failure: it stops counting against the address.
    await this.deps.addressLimits.unhit(codeCheckKey(context.ip));

    const token = this.deps.secrets.generate();
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_TTL_MS);
    await this.deps.memberSessions.create({ tokenHash: this.deps.secrets.hash(token), uid: member.id, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
    return { token, expiresAt, member: signedInMember(member) };
  }
}

function refused(): ValidationError {
  return new ValidationError(SIGN_IN_MESSAGES.invalidCode, { code: SIGN_IN_MESSAGES.invalidCode });
}
