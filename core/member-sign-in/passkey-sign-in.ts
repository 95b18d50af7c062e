import type { MemberRepository } from '../members/member-repository.port';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { Clock } from '../shared/clock.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { RateLimitError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import type { MemberSignedIn } from './check-sign-in-code';
import { signedInMember } from './current-member';
import type { MemberSessionRepository } from './member-session-repository.port';
import { MEMBER_SESSION_TTL_MS } from './member-sign-in';
import type { PasskeyCeremony } from './passkey-ceremony.port';
import type { PasskeyChallengeRepository } from './passkey-challenge-repository.port';
import type { PasskeyRepository } from './passkey-repository.port';
import {
  challengeHashInput,
  MAX_PASSKEY_SIGN_INS_PER_ADDRESS,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MESSAGES,
  PASSKEY_WINDOW_MS,
  PasskeyAuthenticationResponseSchema,
  passkeySignInKey,
  type PasskeyOptionsAnswer,
} from './passkeys';

export interface PasskeySignInDeps {
  members: MemberRepository;
  passkeys: PasskeyRepository;
  passkeyChallenges: PasskeyChallengeRepository;
  memberSessions: MemberSessionRepository;
  ceremony: PasskeyCeremony;
  addressLimits: AddressLimitStore;
  secrets: SecretTokens;
  clock: Clock;
}

/**
 * "Sign in with a passkey": `options()` stores a challenge (5 minutes, single use; counted against
 * the client address) and asks the browser for any of the site's passkeys; `execute()` takes the
 * challenge back, finds the passkey by the credential id the browser answered with, verifies the
 * signature, records the new counter (refused when it did not go up) and opens a member session,
 * the same as a code's. Every refusal (used or expired challenge, unknown passkey, bad signature,
 * counter gone back, member disabled or gone) is one message.
 */
export class PasskeySignIn extends UseCase<PasskeySignInDeps> {
  async options(context: { ip: string }): Promise<PasskeyOptionsAnswer> {
    const now = this.deps.clock.now();
    const { hits } = await this.deps.addressLimits.hit(passkeySignInKey(context.ip), PASSKEY_WINDOW_MS, now);
    if (hits > MAX_PASSKEY_SIGN_INS_PER_ADDRESS) throw new RateLimitError(PASSKEY_MESSAGES.tooManySignIns);
    const challenge = this.deps.ceremony.newChallenge();
    await this.deps.passkeyChallenges.put({
      challengeHash: this.deps.secrets.hash(challengeHashInput(challenge)),
      purpose: 'authentication',
      memberId: null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
    return { options: await this.deps.ceremony.authenticationOptions({ challenge }) };
  }

  async execute(request: unknown, context: { ip: string }): Promise<MemberSignedIn> {
    const response = parseInput(PasskeyAuthenticationResponseSchema, request);
    const now = this.deps.clock.now();
    const challenge = this.deps.ceremony.challengeOf(response);
    if (challenge === null) throw refused();
    const taken = await this.deps.passkeyChallenges.take(this.deps.secrets.hash(challengeHashInput(challenge)), 'authentication', now);
    if (!taken) throw refused();
    const passkey = await this.deps.passkeys.get(response.id);
    if (!passkey) throw refused();
    const verified = await this.deps.ceremony.verifyAuthentication(response, challenge, passkey);
    if (!verified) throw refused();
    const member = await this.deps.members.get(passkey.memberId);
    if (!member || member.disabled) throw refused();
    if (!(await this.deps.passkeys.recordUse(passkey.credentialId, verified.counter, now))) throw refused();
    // A sign-in that worked is no failure: it stops counting against the address.
    await this.deps.addressLimits.unhit(passkeySignInKey(context.ip));

    const token = this.deps.secrets.generate();
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_TTL_MS);
    // The session remembers its passkey: removing the passkey (a lost phone) ends it.
    await this.deps.memberSessions.create({
      tokenHash: this.deps.secrets.hash(token),
      uid: member.id,
      passkeyId: passkey.credentialId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token, expiresAt, member: signedInMember(member) };
  }
}

function refused(): ValidationError {
  return new ValidationError(PASSKEY_MESSAGES.signInRefused);
}
