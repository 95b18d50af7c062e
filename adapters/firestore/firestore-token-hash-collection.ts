import { Timestamp, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { ValidationError } from '../../core/shared/errors';
import { FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

/** How a record keyed by its hash is written to its document (the id is the hash) and read back. */
export interface TokenHashDocuments<T> {
  toDocument(record: T): DocumentData;
  fromSnapshot(snapshot: DocumentSnapshot): T;
}

/**
 * Records keyed by the hash of their secret until they expire (sessions, password-reset tokens),
 * with an `expiresAt` Timestamp: added once, read by the hash, and swept when expired.
 */
export abstract class TokenHashCollection<T extends { tokenHash: string }> extends FirestoreCollectionAdapter {
  /** `hashTaken`: the refusal of a second record with the same hash. */
  constructor(
    db: Firestore,
    options: FirestoreCollectionOptions,
    private readonly hashTaken: string,
    private readonly documents: TokenHashDocuments<T>,
  ) {
    super(db, options);
  }

  async create(record: T): Promise<void> {
    if (!isDocumentId(record.tokenHash)) throw new ValidationError('A token hash may not contain a slash');
    const document = this.documents.toDocument(record);
    await withCoreErrors(() => this.collection.doc(record.tokenHash).create(document), { conflict: this.hashTaken });
  }

  async get(tokenHash: string): Promise<T | null> {
    const snapshot = await documentById(this.collection, tokenHash);
    return snapshot ? this.documents.fromSnapshot(snapshot) : null;
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteAll(this.db, this.collection.where('expiresAt', '<', Timestamp.fromDate(now)));
  }
}
