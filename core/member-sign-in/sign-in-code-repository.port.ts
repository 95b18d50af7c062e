/**
 * A member's sign-in code as stored: only hashes of the e-mail and of the code. One live code per
 * e-mail: asking again replaces it.
 */
export interface SignInCode {
  /** SignInKeys.emailKey of the e-mail (a keyed hash): the record's key. */
  emailHash: string;
  /** The member the code signs in. */
  memberId: string;
  /** SecretTokens.hash of the e-mail with the code (codeHashInput). */
  codeHash: string;
  /**
   * The random seed the code is made from (SignInKeys.code), so a request while the code is live
   * e-mails the same code again; null for codes stored before seeds were kept.
   */
  seed: string | null;
  createdAt: string;
  expiresAt: string;
  /** Tries counted so far, right or wrong. */
  tries: number;
  /** When the code signed the member in; null while unused. */
  usedAt: string | null;
}

/** The codes of members' passwordless sign-in (core/member-sign-in/member-sign-in.ts holds the rules). */
export interface SignInCodeRepository {
  /** Stores the e-mail's new code, replacing any code stored under the same emailHash (its tries and use go with it). */
  put(code: SignInCode): Promise<void>;
  /** The code stored under this e-mail hash, or null (used and expired ones are returned too). */
  get(emailHash: string): Promise<SignInCode | null>;
  /**
   * Counts one try of the e-mail's code, only if it is stored, unused, not expired at `now`
   * (expiresAt after now) and has fewer than `maxTries` tries; returns the code with the try
   * counted, or null (nothing changed). Atomic: of N concurrent calls for one code, from this
   * process or another, at most `maxTries - tries` succeed.
   */
  countTry(emailHash: string, now: Date, maxTries: number): Promise<SignInCode | null>;
  /**
   * Marks the e-mail's code used at `at`, only if it is stored, still has this codeHash (was not
   * replaced) and is unused. Atomic: of N concurrent calls exactly one returns true.
   */
  markUsed(emailHash: string, codeHash: string, at: Date): Promise<boolean>;
  /**
   * Sets the e-mail's code to expire at `expiresAt` (the code e-mailed again), only if it is
   * stored, still has this codeHash, is unused and has not expired at `now`; its tries stay.
   * Atomic with countTry and markUsed: a code used meanwhile is not made usable again. True when
   * changed.
   */
  extend(emailHash: string, codeHash: string, now: Date, expiresAt: Date): Promise<boolean>;
  /** Removes the codes that expired before `now` (used or not); returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
