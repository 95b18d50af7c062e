import type { PasskeyChallenge, PasskeyChallengeRepository } from '../../core/member-sign-in/passkey-challenge-repository.port';
import type { PasskeyChallengePurpose } from '../../core/member-sign-in/passkeys';
import { deleteWhere } from './memory-records';

/** Challenges in a map by their hash; each call runs to its end before another starts (one thread). */
export class MemoryPasskeyChallengeRepository implements PasskeyChallengeRepository {
  private readonly challenges = new Map<string, PasskeyChallenge>();

  async put(challenge: PasskeyChallenge): Promise<void> {
    this.challenges.set(challenge.challengeHash, structuredClone(challenge));
  }

  async take(challengeHash: string, purpose: PasskeyChallengePurpose, now: Date): Promise<PasskeyChallenge | null> {
    const challenge = this.challenges.get(challengeHash);
    if (!challenge) return null;
    const live = challenge.purpose === purpose && Date.parse(challenge.expiresAt) > now.getTime();
    if (!live && challenge.purpose !== purpose) return null;
    this.challenges.delete(challengeHash);
    return live ? challenge : null;
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteWhere(this.challenges, (challenge) => Date.parse(challenge.expiresAt) < now.getTime());
  }
}
