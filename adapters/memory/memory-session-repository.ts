import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { deleteWhere, MemoryTokenHashRecords } from './memory-records';

/** Sessions in a map by token hash: the admins' (the members' in a map of their own: MemoryMemberSessionRepository). */
export class MemorySessionRepository<S extends Session = Session> extends MemoryTokenHashRecords<S> implements SessionRepository {
  constructor() {
    super('A session with this token already exists');
  }

  async delete(tokenHash: string): Promise<void> {
    this.records.delete(tokenHash);
  }

  async deleteByUid(uid: string): Promise<void> {
    deleteWhere(this.records, (session) => session.uid === uid);
  }
}
