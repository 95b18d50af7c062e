import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { deleteWhere } from './memory-records';
import { MemorySessionRepository } from './memory-session-repository';

/** Members' sessions in a map of their own, by token hash. */
export class MemoryMemberSessionRepository extends MemorySessionRepository<MemberSession> implements MemberSessionRepository {
  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return deleteWhere(this.records, (session) => session.uid === uid && session.passkeyId === passkeyId);
  }
}
