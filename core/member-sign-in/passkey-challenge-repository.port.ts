import type { PasskeyChallengePurpose } from './passkeys';

/**
 * A passkey ceremony's challenge as stored: only its hash (member-sign-in/passkeys.ts,
 * challengeHashInput), what it is for and, for a registration, the member adding the passkey.
 */
export interface PasskeyChallenge {
  /** SecretTokens.hash of the challenge: the record's key. */
  challengeHash: string;
  purpose: PasskeyChallengePurpose;
  /** The member adding a passkey (registration); null for a sign-in, whose member is not known yet. */
  memberId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** The challenges of members' passkey ceremonies: short-lived and single use. */
export interface PasskeyChallengeRepository {
  /** Stores a new challenge (a challenge hash is never reused: one stored under it is replaced). */
  put(challenge: PasskeyChallenge): Promise<void>;
  /**
   * Takes the challenge: removes it and returns it, only if it is stored, is for `purpose` and
   * has not expired at `now` (expiresAt after now); null otherwise. An expired one is removed
   * too. Atomic: of N concurrent takes of one challenge, from this process or another, at most one
   * returns it.
   */
  take(challengeHash: string, purpose: PasskeyChallengePurpose, now: Date): Promise<PasskeyChallenge | null>;
  /** Removes the challenges that expired before `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
