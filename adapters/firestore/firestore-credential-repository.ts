import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { Credential, CredentialRepository } from '../../core/admins/credential-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { UniqueEmailCollection } from './firestore-unique-email-writes';
import { CREDENTIAL_MESSAGES } from '../unique-email-messages';
import { CredentialSchema } from '../stored-records';

// Firestore's refusal of a taken id has always said "id" where the other adapters say "user id".
const MESSAGES = { ...CREDENTIAL_MESSAGES, uidTaken: 'A user with this id already exists' };

/**
 * Local sign-in credentials in the `credentials` collection, keyed by user id. `emailKey` (the
 * lower-cased e-mail) keeps e-mails unique whatever their letter case.
 */
export class FirestoreCredentialRepository extends UniqueEmailCollection<Credential> implements CredentialRepository {
  protected readonly collectionName = 'credentials';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options, MESSAGES, { toDocument, fromSnapshot: toCredential });
  }
}

function toDocument(credential: Credential) {
  return { passwordHash: credential.passwordHash, disabled: credential.disabled };
}

function toCredential(snapshot: DocumentSnapshot): Credential {
  const data = snapshot.data() ?? {};
  return CredentialSchema.parse({ uid: snapshot.id, email: data.email, passwordHash: data.passwordHash, disabled: data.disabled });
}
