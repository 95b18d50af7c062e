import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { Credential, CredentialRepository } from '../../core/ports/credential-repository';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';

const CredentialSchema = z.object({
  uid: z.string().min(1),
  email: z.string().min(1),
  passwordHash: z.string().min(1),
  disabled: z.boolean(),
});

const UID_TAKEN = 'A user with this id already exists';
const EMAIL_TAKEN = 'A user with this e-mail already exists';
const NOT_FOUND = 'User not found';

/**
 * Local sign-in credentials in the `credentials` collection, keyed by user id. `emailKey` (the
 * lower-cased e-mail) keeps e-mails unique whatever their letter case.
 */
export class FirestoreCredentialRepository implements CredentialRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'credentials', this.options);
  }

  async getByEmail(email: string): Promise<Credential | null> {
    const snapshot = await withCoreErrors(() => this.collection.where('emailKey', '==', email.toLowerCase()).limit(1).get());
    return snapshot.empty ? null : toCredential(snapshot.docs[0]);
  }

  async getByUid(uid: string): Promise<Credential | null> {
    if (!isDocumentId(uid)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(uid).get());
    return snapshot.exists ? toCredential(snapshot) : null;
  }

  async create(credential: Credential): Promise<void> {
    if (!isDocumentId(credential.uid)) throw new ValidationError('A user id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(credential.uid);
    await withCoreErrors(
      () =>
        this.db.runTransaction(
          async (tx) => {
            const [existing, sameEmail] = await Promise.all([
              tx.get(ref),
              tx.get(this.collection.where('emailKey', '==', credential.email.toLowerCase()).limit(1)),
            ]);
            if (existing.exists) throw new ConflictError(UID_TAKEN);
            if (!sameEmail.empty) throw new ConflictError(EMAIL_TAKEN);
            tx.create(ref, toDocument(credential));
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      { conflict: UID_TAKEN },
    );
  }

  async update(credential: Credential): Promise<void> {
    if (!isDocumentId(credential.uid)) throw new NotFoundError(NOT_FOUND);
    const ref = this.collection.doc(credential.uid);
    await withCoreErrors(() =>
      this.db.runTransaction(
        async (tx) => {
          const [existing, sameEmail] = await Promise.all([
            tx.get(ref),
            tx.get(this.collection.where('emailKey', '==', credential.email.toLowerCase()).limit(2)),
          ]);
          if (!existing.exists) throw new NotFoundError(NOT_FOUND);
          if (sameEmail.docs.some((doc) => doc.id !== credential.uid)) throw new ConflictError(EMAIL_TAKEN);
          tx.set(ref, toDocument(credential));
        },
        { maxAttempts: TRANSACTION_ATTEMPTS },
      ),
    );
  }
}

function toDocument(credential: Credential) {
  return {
    email: credential.email,
    emailKey: credential.email.toLowerCase(),
    passwordHash: credential.passwordHash,
    disabled: credential.disabled,
  };
}

function toCredential(snapshot: DocumentSnapshot): Credential {
  const data = snapshot.data() ?? {};
  return CredentialSchema.parse({ uid: snapshot.id, email: data.email, passwordHash: data.passwordHash, disabled: data.disabled });
}
