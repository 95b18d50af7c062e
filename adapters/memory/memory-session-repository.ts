import { ConflictError } from '../../core/shared/errors';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';

export class MemorySessionRepository implements SessionRepository {
  private readonly sessions = new Map<string, Session>();

  async create(session: Session): Promise<void> {
    if (this.sessions.has(session.tokenHash)) throw new ConflictError('A session with this token already exists');
    this.sessions.set(session.tokenHash, { ...session });
  }

  async get(tokenHash: string): Promise<Session | null> {
    const session = this.sessions.get(tokenHash);
    return session ? { ...session } : null;
  }

  async delete(tokenHash: string): Promise<void> {
    this.sessions.delete(tokenHash);
  }

  async deleteByUid(uid: string): Promise<void> {
    for (const [tokenHash, session] of this.sessions) {
      if (session.uid === uid) this.sessions.delete(tokenHash);
    }
  }

  async deleteExpired(now: Date): Promise<number> {
    let removed = 0;
    for (const [tokenHash, session] of this.sessions) {
      if (Date.parse(session.expiresAt) < now.getTime()) {
        this.sessions.delete(tokenHash);
        removed += 1;
      }
    }
    return removed;
  }
}
