import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { FirestoreSessionRepository, sessionFields } from './firestore-session-repository';
import { MemberSessionSchema } from '../stored-records';
import { readDocument } from './firestore-read-document';

/** Members' sessions in the `memberSessions` collection, keyed by the hash of their token, with the passkey that opened each. */
export class FirestoreMemberSessionRepository extends FirestoreSessionRepository<MemberSession> implements MemberSessionRepository {
  protected override readonly collectionName = 'memberSessions';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options, { toDocument: (session) => ({ ...sessionFields(session), passkeyId: session.passkeyId }), fromSnapshot: toSession });
  }

  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return deleteAll(this.db, this.collection.where('uid', '==', uid).where('passkeyId', '==', passkeyId));
  }
}

function toSession(snapshot: DocumentSnapshot): MemberSession {
  return readDocument(MemberSessionSchema, snapshot, { id: 'tokenHash', instants: ['createdAt', 'expiresAt'] });
}
