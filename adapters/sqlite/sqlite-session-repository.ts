import type { Knex } from 'knex';
import { ConflictError } from '../../core/shared/errors';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { SessionSchema } from '../stored-records';

export class SqliteSessionRepository implements SessionRepository {
  constructor(private readonly db: Knex) {}

  async create(session: Session): Promise<void> {
    try {
      await this.db('sessions').insert({
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
    const row = await this.db('sessions').where({ tokenHash }).first('tokenHash', 'uid', 'createdAt', 'expiresAt');
    return row ? SessionSchema.parse(row) : null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db('sessions').where({ tokenHash }).delete();
  }

  async deleteByUid(uid: string): Promise<void> {
    await this.db('sessions').where({ uid }).delete();
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.db('sessions').where('expiresAtMs', '<', now.getTime()).delete();
  }
}
