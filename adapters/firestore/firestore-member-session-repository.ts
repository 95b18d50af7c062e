import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { MemberSession, MemberSessionRepository } from '../../core/member-sign-in/member-session-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteAll } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { TokenHashCollection } from './firestore-token-hash-collection';
import { MemberSessionSchema } from '../stored-records';
import { readDocument } from './firestore-read-document';

/** Members' sessions in the `memberSessions` collection, keyed by the hash of their token, with the passkey that opened each. */
export class FirestoreMemberSessionRepository extends TokenHashCollection<MemberSession> implements MemberSessionRepository {
  protected readonly collectionName = 'memberSessions';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options, 'A session with this token already exists', { toDocument, fromSnapshot: toSession });
  }

  async delete(tokenHash: string): Promise<void> {
    if (!isDocumentId(tokenHash)) return;
    await withCoreErrors(() => this.collection.doc(tokenHash).delete());
  }

  async deleteByUid(uid: string): Promise<void> {
    await deleteAll(this.db, this.collection.where('uid', '==', uid));
  }

  async deleteByPasskey(uid: string, passkeyId: string): Promise<number> {
    return deleteAll(this.db, this.collection.where('uid', '==', uid).where('passkeyId', '==', passkeyId));
  }
}

function toDocument(session: MemberSession) {
  return { uid: session.uid, passkeyId: session.passkeyId, ...instantFields({ createdAt: session.createdAt, expiresAt: session.expiresAt }) };
}

function toSession(snapshot: DocumentSnapshot): MemberSession {
  return readDocument(MemberSessionSchema, snapshot, { id: 'tokenHash', instants: ['createdAt', 'expiresAt'] });
}
