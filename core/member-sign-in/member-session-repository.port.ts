import type { Session, SessionRepository } from '../admins/session-repository.port';

/**
 * A member's server-side session: the admins' Session shape, with `uid` the member's id, and the
 * passkey that opened it. Kept in a store of its own (table `member_sessions`, collection
 * `memberSessions`), so that neither kind of session can ever be read as the other.
 */
export interface MemberSession extends Session {
  /** The credential id of the passkey that signed the member in; null for a code's sign-in (and sessions stored before this was kept). */
  passkeyId: string | null;
}

/** Members' sessions: the contract of SessionRepository, on their own table or collection, with the passkey that opened each. */
export interface MemberSessionRepository extends Omit<SessionRepository, 'create' | 'get'> {
  /** Stores a session, with its passkeyId. Throws ConflictError if the token hash exists. */
  create(session: MemberSession): Promise<void>;
  /** The session with this token hash as stored, or null (expired sessions are returned too: callers check). */
  get(tokenHash: string): Promise<MemberSession | null>;
  /**
   * Removes every session of member `uid` opened with the passkey `passkeyId` (the passkey was
   * removed); the member's other sessions, and other members' sessions, stay. Returns how many.
   */
  deleteByPasskey(uid: string, passkeyId: string): Promise<number>;
}
