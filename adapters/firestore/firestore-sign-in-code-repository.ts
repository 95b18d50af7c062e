import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { SignInCodeSchema } from '../../core/member-sign-in/member-sign-in';
import type { SignInCode, SignInCodeRepository } from '../../core/member-sign-in/sign-in-code-repository.port';
import { FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { inTurn, TRANSACTION_ATTEMPTS } from './firestore-turns';

/** Sign-in codes in the `signInCodes` collection, one document per e-mail, keyed by the e-mail's hash. */
export class FirestoreSignInCodeRepository extends FirestoreCollectionAdapter implements SignInCodeRepository {
  protected readonly collectionName = 'signInCodes';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options);
  }

  async put(code: SignInCode): Promise<void> {
    if (!isDocumentId(code.emailHash)) throw new TypeError('An e-mail hash may not contain a slash');
    await withCoreErrors(() => this.collection.doc(code.emailHash).set(toDocument(code)));
  }

  async get(emailHash: string): Promise<SignInCode | null> {
    if (!isDocumentId(emailHash)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(emailHash).get());
    return snapshot.exists ? toCode(snapshot) : null;
  }

  async countTry(emailHash: string, now: Date, maxTries: number): Promise<SignInCode | null> {
    if (!isDocumentId(emailHash)) return null;
    const ref = this.collection.doc(emailHash);
    // A transaction reads the count again and is retried when another try wrote it meanwhile;
    // tries of this process take turns, so a burst of guesses does not abort itself.
    return inTurn(this.db, `signInCode:${emailHash}`, () =>
      withCoreErrors(() =>
        this.db.runTransaction(
          async (tx) => {
            const snapshot = await tx.get(ref);
            if (!snapshot.exists) return null;
            const code = toCode(snapshot);
            if (code.usedAt !== null || code.tries >= maxTries || Date.parse(code.expiresAt) <= now.getTime()) return null;
            tx.update(ref, { tries: code.tries + 1 });
            return { ...code, tries: code.tries + 1 };
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      ),
    );
  }

  async markUsed(emailHash: string, codeHash: string, at: Date): Promise<boolean> {
    if (!isDocumentId(emailHash)) return false;
    const ref = this.collection.doc(emailHash);
    return inTurn(this.db, `signInCode:${emailHash}`, () =>
      withCoreErrors(() =>
        this.db.runTransaction(
          async (tx) => {
            const snapshot = await tx.get(ref);
            if (!snapshot.exists) return false;
            const code = toCode(snapshot);
            if (code.codeHash !== codeHash || code.usedAt !== null) return false;
            tx.set(ref, toDocument({ ...code, usedAt: at.toISOString() }));
            return true;
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      ),
    );
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteAll(this.db, this.collection.where('expiresAt', '<', Timestamp.fromDate(now)));
  }
}

function toDocument(code: SignInCode) {
  return {
    memberId: code.memberId,
    codeHash: code.codeHash,
    tries: code.tries,
    ...instantFields({ createdAt: code.createdAt, expiresAt: code.expiresAt, usedAt: code.usedAt }),
  };
}

function toCode(snapshot: DocumentSnapshot): SignInCode {
  return readDocument(SignInCodeSchema, snapshot, { id: 'emailHash', instants: ['createdAt', 'expiresAt', 'usedAt'] });
}
