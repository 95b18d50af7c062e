/** Failed sign-in attempts, for the rate limit (5 per e-mail or address in 15 minutes). */
export interface LoginAttemptStore {
  /** Records a failed attempt for each key at `at`. */
  recordFailure(keys: string[], at: Date): Promise<void>;
  /** How many failures were recorded for `key` at or after `since`. */
  countSince(key: string, since: Date): Promise<number>;
  /** Forgets the failures of a key (after a successful sign-in). */
  clear(key: string): Promise<void>;
}
