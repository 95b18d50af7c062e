/** The user an identity provider vouches for. */
export interface IdentityUser {
  uid: string;
  email: string;
  displayName: string | null;
}

export interface IdentityProvider {
  /** The provider's name for health output ('local', 'firebase'). */
  readonly name: string;
  /**
   * Checks an e-mail and password. Throws UnauthenticatedError('Invalid email or password') for
   * an unknown user or a wrong password, PermissionError for a disabled user, RateLimitError when
   * the provider refuses for too many attempts, UnavailableError when it cannot be reached.
   */
  signIn(email: string, password: string): Promise<IdentityUser>;
  /** Opens a session for the user; returns the opaque token the cookie carries and its expiry. */
  createSession(uid: string, maxAgeMs: number): Promise<{ token: string; expiresAt: Date }>;
  /** The user of a live session, or null when the token is unknown, expired, revoked or its user disabled. */
  verifySession(token: string): Promise<IdentityUser | null>;
  /** Ends a session; ending an unknown one does nothing. */
  revokeSession(token: string): Promise<void>;
  /** Creates a user. Throws ConflictError when the e-mail is taken. */
  createUser(input: { email: string; password: string; displayName: string }): Promise<IdentityUser>;
  /** Disables or re-enables a user; disabling ends all of the user's sessions. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
}
