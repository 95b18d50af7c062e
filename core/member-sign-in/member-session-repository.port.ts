import type { Session, SessionRepository } from '../admins/session-repository.port';

/**
 * A member's server-side session: the admins' Session shape, with `uid` the member's id. Kept in
 * a store of its own (table `member_sessions`, collection `memberSessions`), so that neither kind
 * of session can ever be read as the other.
 */
export type MemberSession = Session;

/** Members' sessions: the contract of SessionRepository, on their own table or collection. */
export type MemberSessionRepository = SessionRepository;
