import type { Knex } from 'knex';
import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { SqliteSessionRepository } from './sqlite-session-repository';
import { MemberSessionSchema } from '../stored-records';
import { isUniqueViolation } from './sqlite-errors';
import { ConflictError } from '../../core/shared/errors';

const TABLE = 'member_sessions';

/** Members' sessions: the admins' session store on a table of their own, `member_sessions`, with the passkey that opened each (migration 0041). */
export class SqliteMemberSessionRepository extends SqliteSessionRepository implements MemberSessionRepository {
  constructor(private readonly knex: Knex) {
    super(knex, TABLE);
  }

  override async create(session: MemberSession): Promise<void> {
    try {
      await this.knex(TABLE).insert({
        tokenHash: session.tokenHash,
        uid: session.uid,
        passkeyId: session.passkeyId,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        expiresAtMs: Date.parse(session.expiresAt),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A session with this token already exists');
      throw error;
    }
  }

  override async get(tokenHash: string): Promise<MemberSession | null> {
    const row = await this.knex(TABLE).where({ tokenHash }).first('tokenHash', 'uid', 'passkeyId', 'createdAt', 'expiresAt');
    return row ? MemberSessionSchema.parse(row) : null;
  }

  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return this.knex(TABLE).where({ uid, passkeyId }).delete();
  }
}
