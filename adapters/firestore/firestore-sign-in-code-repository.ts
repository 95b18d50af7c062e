import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { SignInCodeSchema } from '../../core/member-sign-in/member-sign-in';
import type { SignInCode, SignInCodeRepository } from '../../core/member-sign-in/sign-in-code-repository.port';
import { pickFields } from '../pick-fields';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transactionInTurn } from './firestore-turns';

/** Sign-in codes in the `signInCodes` collection, one document per e-mail, keyed by the e-mail's hash. */
export class FirestoreSignInCodeRepository extends FirestoreCollectionAdapter implements SignInCodeRepository {
  protected readonly collectionName = 'signInCodes';

  async put(code: SignInCode): Promise<void> {
    if (!isDocumentId(code.emailHash)) throw new TypeError('An e-mail hash may not contain a slash');
    await withCoreErrors(() => this.collection.doc(code.emailHash).set(toDocument(code)));
  }

  async get(emailHash: string): Promise<SignInCode | null> {
    const snapshot = await documentById(this.collection, emailHash);
    return snapshot ? toCode(snapshot) : null;
  }

  async countTry(emailHash: string, now: Date, maxTries: number): Promise<SignInCode | null> {
    if (!isDocumentId(emailHash)) return null;
    return this.changeInTurn(emailHash, null, (code, write) => {
      if (code.usedAt !== null || code.tries >= maxTries || Date.parse(code.expiresAt) <= now.getTime()) return null;
      write({ tries: code.tries + 1 });
      return { ...code, tries: code.tries + 1 };
    });
  }

  async markUsed(emailHash: string, codeHash: string, at: Date): Promise<boolean> {
    if (!isDocumentId(emailHash)) return false;
    return this.changeInTurn(emailHash, false, (code, _update, set) => {
      if (code.codeHash !== codeHash || code.usedAt !== null) return false;
      set(toDocument({ ...code, usedAt: at.toISOString() }));
      return true;
    });
  }

  async extend(emailHash: string, codeHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    if (!isDocumentId(emailHash)) return false;
    return this.changeInTurn(emailHash, false, (code, _update, set) => {
      if (code.codeHash !== codeHash || code.usedAt !== null || Date.parse(code.expiresAt) <= now.getTime()) return false;
      set(toDocument({ ...code, expiresAt: expiresAt.toISOString() }));
      return true;
    });
  }

  /**
   * Reads the stored code in a transaction and lets `change` update or replace it: `none` when
   * there is no code. A transaction reads it again and is retried when another try wrote it
   * meanwhile; tries of this process take turns, so a burst of guesses does not abort itself.
   */
  private changeInTurn<T>(
    emailHash: string,
    none: T,
    change: (code: SignInCode, update: (fields: { tries: number }) => void, set: (document: ReturnType<typeof toDocument>) => void) => T,
  ): Promise<T> {
    const ref = this.collection.doc(emailHash);
    return transactionInTurn(this.db, `signInCode:${emailHash}`, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return none;
      return change(
        toCode(snapshot),
        (fields) => tx.update(ref, fields),
        (document) => tx.set(ref, document),
      );
    });
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteAll(this.db, this.collection.where('expiresAt', '<', Timestamp.fromDate(now)));
  }
}

function toDocument(code: SignInCode) {
  return { ...pickFields(code, ['memberId', 'codeHash', 'seed', 'tries']), ...instantFields(pickFields(code, ['createdAt', 'expiresAt', 'usedAt'] as const)) };
}

function toCode(snapshot: DocumentSnapshot): SignInCode {
  return readDocument(SignInCodeSchema, snapshot, { id: 'emailHash', instants: ['createdAt', 'expiresAt', 'usedAt'] });
}
