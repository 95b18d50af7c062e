import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { PasskeySchema } from '../../core/member-sign-in/member-sign-in';
import type { Passkey, PasskeyRepository } from '../../core/member-sign-in/passkey-repository.port';
import { ValidationError } from '../../core/shared/errors';
import { pickFields } from '../pick-fields';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteDocumentIf, documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transactionInTurn } from './firestore-turns';

const TAKEN = 'A passkey with this credential id already exists';

/** Passkeys in the `passkeys` collection, keyed by their credential id. */
export class FirestorePasskeyRepository extends FirestoreCollectionAdapter implements PasskeyRepository {
  protected readonly collectionName = 'passkeys';

  async create(passkey: Passkey): Promise<void> {
    if (!isDocumentId(passkey.credentialId)) throw new ValidationError('Not a credential id');
    await withCoreErrors(() => this.collection.doc(passkey.credentialId).create(toDocument(passkey)), { conflict: TAKEN });
  }

  async get(credentialId: string): Promise<Passkey | null> {
    const snapshot = await documentById(this.collection, credentialId);
    return snapshot ? toPasskey(snapshot) : null;
  }

  async listByMember(memberId: string): Promise<Passkey[]> {
    // A member has a few passkeys: sorted here, so the query needs no composite index.
    const snapshot = await withCoreErrors(() => this.collection.where('memberId', '==', memberId).get());
    return snapshot.docs
      .map(toPasskey)
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || Buffer.compare(Buffer.from(a.credentialId), Buffer.from(b.credentialId)));
  }

  async recordUse(credentialId: string, counter: number, at: Date): Promise<boolean> {
    if (!isDocumentId(credentialId)) return false;
    const ref = this.collection.doc(credentialId);
    return transactionInTurn(this.db, `passkey:${credentialId}`, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      const passkey = toPasskey(snapshot);
      if (!(counter > passkey.counter || (counter === 0 && passkey.counter === 0))) return false;
      tx.set(ref, toDocument({ ...passkey, counter, lastUsedAt: at.toISOString() }));
      return true;
    });
  }

  async delete(memberId: string, credentialId: string): Promise<boolean> {
    return deleteDocumentIf(this.collection, credentialId, (snapshot) => snapshot.get('memberId') === memberId);
  }
}

function toDocument(passkey: Passkey) {
  return {
    ...pickFields(passkey, ['memberId', 'publicKey', 'counter', 'transports']),
    ...instantFields(pickFields(passkey, ['createdAt', 'lastUsedAt'] as const)),
  };
}

function toPasskey(snapshot: DocumentSnapshot): Passkey {
  return readDocument(PasskeySchema, snapshot, { id: 'credentialId', instants: ['createdAt', 'lastUsedAt'] });
}
