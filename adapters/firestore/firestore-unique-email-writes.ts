import { collectionOf, type FirestoreCollectionName, type FirestoreCollectionOptions } from './firestore-collections';
import type { CollectionReference, DocumentData, Firestore } from 'firebase-admin/firestore';
import { ConflictError, NotFoundError, ValidationError } from '../../core/shared/errors';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';

/** What a collection keyed by user id, with e-mails unique whatever their case, says when refusing. */
export interface UniqueEmailMessages {
  uidTaken: string;
  emailTaken: string;
  notFound: string;
}

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
    const collection = this.collection();
    const ref = collection.doc(uid);
    await withCoreErrors(
      () =>
        this.db.runTransaction(
          async (tx) => {
            const [existing, sameEmail] = await Promise.all([
              tx.get(ref),
              tx.get(collection.where('emailKey', '==', email.toLowerCase()).limit(1)),
            ]);
            if (existing.exists) throw new ConflictError(this.messages.uidTaken);
            if (!sameEmail.empty) throw new ConflictError(this.messages.emailTaken);
            tx.create(ref, document);
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      { conflict: this.messages.uidTaken },
    );
  }

  /** Replaces the document; NotFoundError for an unknown id, ConflictError when another has the e-mail. */
  async replace(uid: string, email: string, document: DocumentData): Promise<void> {
    if (!isDocumentId(uid)) throw new NotFoundError(this.messages.notFound);
    const collection = this.collection();
    const ref = collection.doc(uid);
    await withCoreErrors(() =>
      this.db.runTransaction(
        async (tx) => {
          const [existing, sameEmail] = await Promise.all([
            tx.get(ref),
            tx.get(collection.where('emailKey', '==', email.toLowerCase()).limit(2)),
          ]);
          if (!existing.exists) throw new NotFoundError(this.messages.notFound);
          if (sameEmail.docs.some((doc) => doc.id !== uid)) throw new ConflictError(this.messages.emailTaken);
          tx.set(ref, document);
        },
        { maxAttempts: TRANSACTION_ATTEMPTS },
      ),
    );
  }
}

/**
 * A repository of documents keyed by user id with unique e-mails (admins, local credentials):
 * its collection, with the configured prefix, and the checked writes on it.
 */
export abstract class UniqueEmailCollection {
  protected readonly writes: UniqueEmailWrites;

  constructor(
    protected readonly db: Firestore,
    private readonly name: FirestoreCollectionName,
    private readonly options: FirestoreCollectionOptions,
    messages: UniqueEmailMessages,
  ) {
    this.writes = new UniqueEmailWrites(db, () => this.collection, messages);
  }

  protected get collection(): CollectionReference {
    return collectionOf(this.db, this.name, this.options);
  }
}
