import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteAll } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { TokenHashCollection } from './firestore-token-hash-collection';
import { SessionSchema } from '../stored-records';
import { readDocument } from './firestore-read-document';

/** Sessions in the `sessions` collection, keyed by the hash of their token. */
export class FirestoreSessionRepository extends TokenHashCollection<Session> implements SessionRepository {
  protected readonly collectionName: 'sessions' | 'memberSessions' = 'sessions';

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
}

function toDocument(session: Session) {
  return { uid: session.uid, ...instantFields({ createdAt: session.createdAt, expiresAt: session.expiresAt }) };
}

function toSession(snapshot: DocumentSnapshot): Session {
  return readDocument(SessionSchema, snapshot, { id: 'tokenHash', instants: ['createdAt', 'expiresAt'] });
}
