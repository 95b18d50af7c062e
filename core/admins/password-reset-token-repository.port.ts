/** A password-reset token as stored: only the hash of the secret the e-mailed link carries. */
export interface PasswordResetToken {
  tokenHash: string;
  /** The admin (identity provider user id) whose password the link resets. */
  uid: string;
  createdAt: string;
  expiresAt: string;
  /** When the link was used (or retired by another link's use); null while unused. */
  usedAt: string | null;
}

/** The reset tokens of local admin accounts (core/admins/password-reset.ts holds the rules). */
export interface PasswordResetTokenRepository {
  /** Stores a new token. Throws ConflictError if the token hash exists. */
  create(token: PasswordResetToken): Promise<void>;
  /** The token with this hash, or null (used and expired ones are returned too: callers check). */
  get(tokenHash: string): Promise<PasswordResetToken | null>;
  /**
   * Marks the token used at `at`, only if it is stored and not used yet. Atomic: of N concurrent
   * calls for one token, from this process or another, exactly one returns true; the others, and
   * calls for an unknown or used token, return false and change nothing.
   */
  markUsed(tokenHash: string, at: Date): Promise<boolean>;
  /** Marks every unused token of the user used at `at` (another link was used); others are left alone. */
  markAllUsed(uid: string, at: Date): Promise<void>;
  /** Removes the tokens that expired before `now` (used or not); returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
