import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteAll } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { TokenHashCollection, type TokenHashDocuments } from './firestore-token-hash-collection';
import { SessionSchema } from '../stored-records';
import { readDocument } from './firestore-read-document';

const SESSION_DOCUMENTS: TokenHashDocuments<Session> = { toDocument, fromSnapshot: toSession };

/** Sessions keyed by the hash of their token: the admins' `sessions` collection by default (the members': FirestoreMemberSessionRepository). */
export class FirestoreSessionRepository<S extends Session = Session> extends TokenHashCollection<S> implements SessionRepository {
  protected readonly collectionName: 'sessions' | 'memberSessions' = 'sessions';

  constructor(
    db: Firestore,
    options: FirestoreCollectionOptions = {},
    documents: TokenHashDocuments<S> = SESSION_DOCUMENTS as unknown as TokenHashDocuments<S>,
  ) {
    super(db, options, 'A session with this token already exists', documents);
  }

  async delete(tokenHash: string): Promise<void> {
    if (!isDocumentId(tokenHash)) return;
    await withCoreErrors(() => this.collection.doc(tokenHash).delete());
  }

  async deleteByUid(uid: string): Promise<void> {
    await deleteAll(this.db, this.collection.where('uid', '==', uid));
  }
}

/** A session's document fields other than its id (the token hash), with its instants as Timestamps. */
export function sessionFields(session: Session) {
  return { uid: session.uid, ...instantFields({ createdAt: session.createdAt, expiresAt: session.expiresAt }) };
}

function toDocument(session: Session) {
  return sessionFields(session);
}

function toSession(snapshot: DocumentSnapshot): Session {
  return readDocument(SessionSchema, snapshot, { id: 'tokenHash', instants: ['createdAt', 'expiresAt'] });
}
