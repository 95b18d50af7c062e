/** A signed-in session. Only a hash of the session token is stored. */
export interface Session {
  tokenHash: string;
  uid: string;
  createdAt: string;
  expiresAt: string;
}

export interface SessionRepository {
  /** Stores a session. Throws ConflictError if the token hash exists. */
  create(session: Session): Promise<void>;
  /** The session with this token hash, or null (expired sessions are returned too: callers check). */
  get(tokenHash: string): Promise<Session | null>;
  /** Removes one session; removing an unknown one does nothing. */
  delete(tokenHash: string): Promise<void>;
  /** Removes every session of a user (on disabling the account). */
  deleteByUid(uid: string): Promise<void>;
  /** Removes sessions that expired before `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
