import type { Knex } from 'knex';
import type { MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { SqliteSessionRepository } from './sqlite-session-repository';

/** Members' sessions: the admins' session store on a table of their own, `member_sessions`. */
export class SqliteMemberSessionRepository extends SqliteSessionRepository implements MemberSessionRepository {
  constructor(db: Knex) {
    super(db, 'member_sessions');
  }
}
