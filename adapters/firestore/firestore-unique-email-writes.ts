import { FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import type { CollectionReference, DocumentData, DocumentReference, DocumentSnapshot, Firestore, QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import { ConflictError, NotFoundError, ValidationError } from '../../core/shared/errors';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';
import type { UniqueEmailMessages } from '../unique-email-messages';

/**
 * Writes of documents keyed by user id whose `emailKey` (the lower-cased e-mail) must be unique.
 * Firestore has no unique index, so each write reads the key inside its transaction.
 */
export class UniqueEmailWrites {
  constructor(
    private readonly db: Firestore,
    private readonly collection: () => CollectionReference,
    private readonly messages: UniqueEmailMessages,
  ) {}

  /** Creates the document; ConflictError when the id or the e-mail is taken. */
  async create(uid: string, email: string, document: DocumentData): Promise<void> {
    if (!isDocumentId(uid)) throw new ValidationError('A user id may not contain a slash or be reserved by Firestore');
    await this.write(uid, email, 1, { conflict: this.messages.uidTaken }, async (tx, ref, existing, sameEmail) => {
      if (existing.exists) throw new ConflictError(this.messages.uidTaken);
      if (!sameEmail.empty) throw new ConflictError(this.messages.emailTaken);
      tx.create(ref, document);
    });
  }

  /**
   * Replaces the document; NotFoundError for an unknown id, ConflictError when another has the e-mail.
   * `also` reads what else the transaction writes (after the document's own reads) and answers
   * those writes; a create() among them on an id taken fails with ConflictError(`also.conflict`).
   * `expect` checks the stored document first (a compare-and-set), throwing to write nothing.
   */
  async replace(
    uid: string,
    email: string,
    document: DocumentData,
    also?: { read: (tx: Transaction) => Promise<() => void>; conflict: string },
    expect?: (stored: DocumentSnapshot) => void,
  ): Promise<void> {
    if (!isDocumentId(uid)) throw new NotFoundError(this.messages.notFound);
    await this.write(uid, email, 2, also ? { conflict: also.conflict } : {}, async (tx, ref, existing, sameEmail) => {
      if (!existing.exists) throw new NotFoundError(this.messages.notFound);
      expect?.(existing);
      if (sameEmail.docs.some((doc) => doc.id !== uid)) throw new ConflictError(this.messages.emailTaken);
      const writeAlso = also ? await also.read(tx) : null;
      tx.set(ref, document);
      writeAlso?.();
    });
  }

  /**
   * One transaction that reads the user's document and up to `sameEmailLimit` documents holding
   * the e-mail, then lets `decide` refuse or write; `messages` as withCoreErrors takes them.
   */
  private write(
    uid: string,
    email: string,
    sameEmailLimit: number,
    messages: { conflict?: string },
    decide: (tx: Transaction, ref: DocumentReference, existing: DocumentSnapshot, sameEmail: QuerySnapshot) => Promise<void>,
  ): Promise<void> {
    const collection = this.collection();
    const ref = collection.doc(uid);
    return withCoreErrors(
      () =>
        this.db.runTransaction(
          async (tx) => {
            const [existing, sameEmail] = await Promise.all([
              tx.get(ref),
              tx.get(collection.where('emailKey', '==', email.toLowerCase()).limit(sameEmailLimit)),
            ]);
            await decide(tx, ref, existing, sameEmail);
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      messages,
    );
  }
}

/**
 * How a record of such a collection is written to its document (its own fields: the collection
 * adds `email` and `emailKey`; the id is the user id) and read back from it.
 */
export interface UniqueEmailDocuments<T> {
  toDocument(record: T): DocumentData;
  fromSnapshot(snapshot: DocumentSnapshot): T;
}

/**
 * A repository of documents keyed by user id with unique e-mails (admins, local credentials):
 * its collection, with the configured prefix, reads by either key and the checked writes.
 */
export abstract class UniqueEmailCollection<T extends { uid: string; email: string }> extends FirestoreCollectionAdapter {
  private readonly writes: UniqueEmailWrites;

  constructor(
    db: Firestore,
    options: FirestoreCollectionOptions,
    messages: UniqueEmailMessages,
    private readonly documents: UniqueEmailDocuments<T>,
  ) {
    super(db, options);
    this.writes = new UniqueEmailWrites(db, () => this.collection, messages);
  }

  async getByUid(uid: string): Promise<T | null> {
    const snapshot = await documentById(this.collection, uid);
    return snapshot ? this.documents.fromSnapshot(snapshot) : null;
  }

  async getByEmail(email: string): Promise<T | null> {
    const snapshot = await withCoreErrors(() => this.collection.where('emailKey', '==', email.toLowerCase()).limit(1).get());
    return snapshot.empty ? null : this.documents.fromSnapshot(snapshot.docs[0]);
  }

  async create(record: T): Promise<void> {
    await this.writes.create(record.uid, record.email, this.document(record));
  }

  async update(record: T): Promise<void> {
    await this.writes.replace(record.uid, record.email, this.document(record));
  }

  private document(record: T): DocumentData {
    return { email: record.email, emailKey: record.email.toLowerCase(), ...this.documents.toDocument(record) };
  }
}
