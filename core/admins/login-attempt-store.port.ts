/** What a store knows of one key's recent attempts. */
export interface AttemptHistory {
  /** Attempts recorded at or after the window's start. */
  count: number;
  /** The latest of them, or null when there is none. */
  lastAt: Date | null;
}

export interface ReserveAttemptRequest {
  /** The keys the attempt counts against (e.g. the e-mail and the caller's address). */
  keys: string[];
  /** The window's start: attempts before it are not in the history. */
  since: Date;
  /** When the attempt is made; what is recorded. */
  at: Date;
  /** The rule (core/admins/login.ts): whether one more attempt may go ahead given each key's history. Pure. */
  allow: (history: Record<string, AttemptHistory>) => boolean;
}

/**
 * Sign-in attempts, for the sign-in throttle. An attempt is reserved before the password is
 * checked and stays recorded as a failure unless released, so concurrent guesses cannot all pass
 * a count that none of them has written yet.
 */
export interface LoginAttemptStore {
  /**
   * Atomically reads each key's history in [since, ∞), asks `allow`, and when it says yes
   * records one attempt for each key (a key named twice counts once) at `at` in the same write.
   * Concurrent calls, from this process or another, see each other's attempts: of N racing calls
   * that `allow` would let through only while a count is below K, at most K succeed. Returns a
   * reservation (an opaque text) for `release`, or null when refused (nothing recorded).
   */
  reserve(request: ReserveAttemptRequest): Promise<string | null>;
  /**
   * Forgets the attempts of one reservation (the attempt turned out not to be a failure).
   * An unknown, released or malformed reservation changes nothing.
   */
  release(reservation: string): Promise<void>;
  /** Records a failed attempt for each key at `at` (a key named twice counts once). */
  recordFailure(keys: string[], at: Date): Promise<void>;
  /** How many attempts were recorded for `key` at or after `since`. */
  countSince(key: string, since: Date): Promise<number>;
  /** Forgets the attempts of a key (after a successful sign-in). */
  clear(key: string): Promise<void>;
  /**
   * Forgets the attempts of every key that starts with `prefix` (a non-empty text), and all the
   * store keeps of those keys: used once keys of a kind must no longer be stored (they held raw
   * e-mails). Keys that do not start with it are untouched. Returns how many attempts went.
   */
  forgetKeysStartingWith(prefix: string): Promise<number>;
}
