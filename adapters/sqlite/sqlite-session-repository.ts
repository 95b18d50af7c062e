import type { Knex } from 'knex';
import type { z } from 'zod';
import { ConflictError } from '../../core/shared/errors';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { SessionSchema } from '../stored-records';

/** How a kind of session is stored: its table, the columns it adds to a session's, and the schema its rows read back with. */
export interface SqliteSessionTable<S extends Session> {
  table: 'sessions' | 'member_sessions';
  extraColumns: readonly Exclude<keyof S & string, keyof Session>[];
  schema: z.ZodType<S>;
}

const ADMIN_SESSIONS: SqliteSessionTable<Session> = { table: 'sessions', extraColumns: [], schema: SessionSchema };

/** Sessions by the hash of their token: the admins' `sessions` by default (the members' table: SqliteMemberSessionRepository). */
export class SqliteSessionRepository<S extends Session = Session> implements SessionRepository {
  protected readonly table: SqliteSessionTable<S>['table'];

  constructor(
    protected readonly db: Knex,
    private readonly kind: SqliteSessionTable<S> = ADMIN_SESSIONS as unknown as SqliteSessionTable<S>,
  ) {
    this.table = kind.table;
  }

  async create(session: S): Promise<void> {
    const extra = Object.fromEntries(this.kind.extraColumns.map((column) => [column, session[column]]));
    try {
      await this.db(this.table).insert({
        tokenHash: session.tokenHash,
        uid: session.uid,
        ...extra,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        expiresAtMs: Date.parse(session.expiresAt),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A session with this token already exists');
      throw error;
    }
  }

  async get(tokenHash: string): Promise<S | null> {
    const row = await this.db(this.table)
      .where({ tokenHash })
      .first('tokenHash', 'uid', ...this.kind.extraColumns, 'createdAt', 'expiresAt');
    return row ? this.kind.schema.parse(row) : null;
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
