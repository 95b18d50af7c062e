import type { MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import { FirestoreSessionRepository } from './firestore-session-repository';

/** Members' sessions: the admins' session store on a collection of their own, `memberSessions`. */
export class FirestoreMemberSessionRepository extends FirestoreSessionRepository implements MemberSessionRepository {
  protected override readonly collectionName = 'memberSessions';
}
