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
   * the provider refuses for too many attempts, UnavailableError when it cannot be reached. (The
   * sign-in use case answers a disabled user as it answers a wrong password.)
   */
  signIn(email: string, password: string): Promise<IdentityUser>;
  /** Opens a session for the user; returns the opaque token the cookie carries and its expiry. */
  createSession(uid: string, maxAgeMs: number): Promise<{ token: string; expiresAt: Date }>;
  /** The user of a live session, or null when the token is unknown, expired, revoked or its user disabled. */
  verifySession(token: string): Promise<IdentityUser | null>;
  /**
   * As verifySession, with the caller's own read of the user's records (`load`, given the
   * session's user id) made alongside the rest of the check once the session is found, rather
   * than after it: one round trip fewer for every signed-in request. `loaded` is what it gave;
   * when the session does not hold the answer is null, whatever `load` gave or threw. A `load`
   * that fails for a session that holds fails the call.
   */
  verifySessionWith<T>(token: string, load: (uid: string) => Promise<T>): Promise<{ user: IdentityUser; loaded: T } | null>;
  /** Ends a session; ending an unknown one does nothing. */
  revokeSession(token: string): Promise<void>;
  /** Creates a user. Throws ConflictError when the e-mail is taken. */
  createUser(input: { email: string; password: string; displayName: string }): Promise<IdentityUser>;
  /** Disables or re-enables a user; disabling ends all of the user's sessions. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /**
   * Who e-mails the link for a forgotten password. 'app': the app sends its own single-use link
   * (through the outbox) and sets the new password with setPassword. 'provider': the provider
   * sends its own e-mail and link (sendPasswordResetEmail) and takes the new password itself.
   */
  readonly passwordReset: 'app' | 'provider';
  /**
   * 'provider' only: asks the provider to e-mail the user its own password-reset link. An e-mail
   * the provider does not know is no error. Throws UnavailableError when the provider cannot be
   * reached or refuses, and Error on an 'app' provider.
   */
  sendPasswordResetEmail(email: string): Promise<void>;
  /**
   * Sets a user's password: the new one signs in, the old one no longer does. Whether sessions
   * survive is the provider's affair (ResetPassword ends them itself). Throws NotFoundError for an
   * unknown user, ValidationError for a password the provider's own policy refuses.
   */
  setPassword(uid: string, password: string): Promise<void>;
}
