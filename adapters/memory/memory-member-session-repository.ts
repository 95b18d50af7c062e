import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { deleteWhere, MemoryTokenHashRecords } from './memory-records';

/** Members' sessions in a map of their own, by token hash. */
export class MemoryMemberSessionRepository extends MemoryTokenHashRecords<MemberSession> implements MemberSessionRepository {
  constructor() {
    super('A session with this token already exists');
  }

  async delete(tokenHash: string): Promise<void> {
    this.records.delete(tokenHash);
  }

  async deleteByUid(uid: string): Promise<void> {
    deleteWhere(this.records, (session) => session.uid === uid);
  }

  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return deleteWhere(this.records, (session) => session.uid === uid && session.passkeyId === passkeyId);
  }
}
