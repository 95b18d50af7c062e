import type { MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { MemorySessionRepository } from './memory-session-repository';

/** Members' sessions: the admins' session store, a map of its own. */
export class MemoryMemberSessionRepository extends MemorySessionRepository implements MemberSessionRepository {}
