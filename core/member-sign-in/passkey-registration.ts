import type { Member } from '../members/member';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { Clock } from '../shared/clock.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import type { PasskeyCeremony } from './passkey-ceremony.port';
import type { PasskeyChallengeRepository } from './passkey-challenge-repository.port';
import type { PasskeyRepository } from './passkey-repository.port';
import type { MemberSessionRepository } from './member-session-repository.port';
import {
  challengeHashInput,
  MAX_PASSKEY_REGISTRATIONS_PER_MEMBER,
  MAX_PASSKEYS_PER_MEMBER,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MESSAGES,
  PASSKEY_WINDOW_MS,
  PasskeyIdSchema,
  PasskeyRegistrationResponseSchema,
  passkeyRegistrationKey,
  type PasskeyList,
  type PasskeyOptionsAnswer,
  type PasskeyView,
} from './passkeys';

export interface PasskeyRegistrationDeps {
  passkeys: PasskeyRepository;
  passkeyChallenges: PasskeyChallengeRepository;
  ceremony: PasskeyCeremony;
  addressLimits: AddressLimitStore;
  secrets: SecretTokens;
  clock: Clock;
}

/**
 * A signed-in member adds a passkey: `options()` stores a challenge for the member (5 minutes,
 * single use) and gives the browser its options; `execute()` takes the challenge back (it must be
 * this member's), has the answer verified and stores the new passkey.
 */
export class PasskeyRegistration extends UseCase<PasskeyRegistrationDeps> {
  async options(member: Member): Promise<PasskeyOptionsAnswer> {
    const now = this.deps.clock.now();
    const { hits } = await this.deps.addressLimits.hit(passkeyRegistrationKey(member.id), PASSKEY_WINDOW_MS, now);
    if (hits > MAX_PASSKEY_REGISTRATIONS_PER_MEMBER) throw new RateLimitError(PASSKEY_MESSAGES.tooManyRegistrations);
    const existing = await this.deps.passkeys.listByMember(member.id);
    if (existing.length >= MAX_PASSKEYS_PER_MEMBER) throw new ConflictError(PASSKEY_MESSAGES.tooManyPasskeys);
    const challenge = this.deps.ceremony.newChallenge();
    await this.deps.passkeyChallenges.put({
      challengeHash: this.deps.secrets.hash(challengeHashInput(challenge)),
      purpose: 'registration',
      memberId: member.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
    const options = await this.deps.ceremony.registrationOptions({ challenge, memberId: member.id, email: member.email, name: member.name, exclude: existing });
    return { options };
  }

  async execute(member: Member, request: unknown): Promise<PasskeyView> {
    const response = parseInput(PasskeyRegistrationResponseSchema, request);
    const now = this.deps.clock.now();
    const challenge = this.deps.ceremony.challengeOf(response);
    if (challenge === null) throw refused();
    const stored = await this.deps.passkeyChallenges.take(this.deps.secrets.hash(challengeHashInput(challenge)), 'registration', now);
    if (!stored || stored.memberId !== member.id) throw refused();
    const credential = await this.deps.ceremony.verifyRegistration(response, challenge);
    if (!credential) throw refused();
    if ((await this.deps.passkeys.listByMember(member.id)).length >= MAX_PASSKEYS_PER_MEMBER) throw new ConflictError(PASSKEY_MESSAGES.tooManyPasskeys);
    const passkey = { ...credential, memberId: member.id, createdAt: now.toISOString(), lastUsedAt: null };
    try {
      await this.deps.passkeys.create(passkey);
    } catch (error) {
      if (error instanceof ConflictError) throw new ConflictError(PASSKEY_MESSAGES.alreadyAdded);
      throw error;
    }
    return { id: passkey.credentialId, createdAt: passkey.createdAt, lastUsedAt: null };
  }
}

/** A signed-in member's passkeys on My club: the list, and removing one. */
/** A member's own passkeys on My club: listed, and removed with the sessions each opened. */
export class MemberPasskeys extends UseCase<{ passkeys: PasskeyRepository; memberSessions: MemberSessionRepository }> {
  async list(member: Member): Promise<PasskeyList> {
    const passkeys = await this.deps.passkeys.listByMember(member.id);
    return { passkeys: passkeys.map((p) => ({ id: p.credentialId, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })) };
  }

  async remove(member: Member, request: unknown): Promise<void> {
    const { id } = parseInput(PasskeyIdSchema, request);
    if (!(await this.deps.passkeys.delete(member.id, id))) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
    // A removed passkey is often a lost phone: the sessions it opened end with it.
    await this.deps.memberSessions.deleteByPasskey(member.id, id);
  }
}

function refused(): ValidationError {
  return new ValidationError(PASSKEY_MESSAGES.registrationRefused);
}
