import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { InstantSchema } from '../../core/shared/instant';
import { ValidationError } from '../../core/shared/errors';
import type { Session, SessionRepository } from '../../core/admins/session-repository.port';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteAll } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { instantFields, readInstant } from './firestore-instants';

const SessionSchema = z.object({
  tokenHash: z.string().min(1),
  uid: z.string().min(1),
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
});

/** Sessions in the `sessions` collection, keyed by the hash of their token. */
export class FirestoreSessionRepository implements SessionRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'sessions', this.options);
  }

  async create(session: Session): Promise<void> {
    if (!isDocumentId(session.tokenHash)) throw new ValidationError('A token hash may not contain a slash');
    const document = { uid: session.uid, ...instantFields({ createdAt: session.createdAt, expiresAt: session.expiresAt }) };
    await withCoreErrors(() => this.collection.doc(session.tokenHash).create(document), {
      conflict: 'A session with this token already exists',
    });
  }

  async get(tokenHash: string): Promise<Session | null> {
    if (!isDocumentId(tokenHash)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(tokenHash).get());
    return snapshot.exists ? toSession(snapshot) : null;
  }

  async delete(tokenHash: string): Promise<void> {
    if (!isDocumentId(tokenHash)) return;
    await withCoreErrors(() => this.collection.doc(tokenHash).delete());
  }

  async deleteByUid(uid: string): Promise<void> {
    await deleteAll(this.db, this.collection.where('uid', '==', uid));
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteAll(this.db, this.collection.where('expiresAt', '<', Timestamp.fromDate(now)));
  }
}

function toSession(snapshot: DocumentSnapshot): Session {
  const data = snapshot.data() ?? {};
  return SessionSchema.parse({
    tokenHash: snapshot.id,
    uid: data.uid,
    createdAt: readInstant(data, 'createdAt'),
    expiresAt: readInstant(data, 'expiresAt'),
  });
}
