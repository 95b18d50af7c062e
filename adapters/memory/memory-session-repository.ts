import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { deleteWhere, MemoryTokenHashRecords } from './memory-records';

export class MemorySessionRepository extends MemoryTokenHashRecords<Session> implements SessionRepository {
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
