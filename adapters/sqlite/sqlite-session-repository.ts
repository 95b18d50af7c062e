import type { Knex } from 'knex';
import { ConflictError } from '../../core/shared/errors';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { SessionSchema } from '../stored-records';

export class SqliteSessionRepository implements SessionRepository {
  /** `table`: the admins' `sessions`, or the members' `member_sessions` (SqliteMemberSessionRepository). */
  constructor(
    private readonly db: Knex,
    private readonly table: 'sessions' | 'member_sessions' = 'sessions',
  ) {}

  async create(session: Session): Promise<void> {
    try {
      await this.db(this.table).insert({
        tokenHash: session.tokenHash,
        uid: session.uid,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        expiresAtMs: Date.parse(session.expiresAt),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A session with this token already exists');
      throw error;
    }
  }

  async get(tokenHash: string): Promise<Session | null> {
    const row = await this.db(this.table).where({ tokenHash }).first('tokenHash', 'uid', 'createdAt', 'expiresAt');
    return row ? SessionSchema.parse(row) : null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db(this.table).where({ tokenHash }).delete();
  }

  async deleteByUid(uid: string): Promise<void> {
    await this.db(this.table).where({ uid }).delete();
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.db(this.table).where('expiresAtMs', '<', now.getTime()).delete();
  }
}
