import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { Credential, CredentialRepository } from '../../core/admins/credential-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { UniqueEmailCollection } from './firestore-unique-email-writes';

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
export class FirestoreCredentialRepository extends UniqueEmailCollection implements CredentialRepository {
  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, 'credentials', options, { uidTaken: UID_TAKEN, emailTaken: EMAIL_TAKEN, notFound: NOT_FOUND });
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
    await this.writes.create(credential.uid, credential.email, toDocument(credential));
  }

  async update(credential: Credential): Promise<void> {
    await this.writes.replace(credential.uid, credential.email, toDocument(credential));
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
