import type { Knex } from 'knex';
import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { SqliteSessionRepository } from './sqlite-session-repository';
import { MemberSessionSchema } from '../stored-records';

/** Members' sessions: the admins' session store on a table of their own, `member_sessions`, with the passkey that opened each (migration 0041). */
export class SqliteMemberSessionRepository extends SqliteSessionRepository<MemberSession> implements MemberSessionRepository {
  constructor(knex: Knex) {
    super(knex, { table: 'member_sessions', extraColumns: ['passkeyId'], schema: MemberSessionSchema });
  }

  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return this.db(this.table).where({ uid, passkeyId }).delete();
  }
}
