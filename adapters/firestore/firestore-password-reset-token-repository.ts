import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { PasswordResetTokenSchema } from '../../core/admins/password-reset';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../../core/admins/password-reset-token-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields, readInstant } from './firestore-instants';
import { TokenHashCollection } from './firestore-token-hash-collection';
import { readDocument } from './firestore-read-document';
import { runTransactionTried } from './firestore-turns';

const TokenSchema = PasswordResetTokenSchema;

/** Reset tokens in the `passwordResetTokens` collection, keyed by the hash of their secret. */
export class FirestorePasswordResetTokenRepository extends TokenHashCollection<PasswordResetToken> implements PasswordResetTokenRepository {
  protected readonly collectionName = 'passwordResetTokens';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options, 'A reset token with this hash already exists', { toDocument, fromSnapshot: toToken });
  }

  async markUsed(tokenHash: string, at: Date): Promise<boolean> {
    if (!isDocumentId(tokenHash)) return false;
    const ref = this.collection.doc(tokenHash);
    // A transaction reads the token again and is retried when another use wrote it meanwhile.
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return false;
        const token = toToken(snapshot);
        if (token.usedAt !== null) return false;
        tx.update(ref, usedFields(snapshot, at));
        return true;
      }),
    );
  }

  async markAllUsed(uid: string, at: Date): Promise<void> {
    // A user has a few tokens at most: all of them are read, the used ones skipped.
    const snapshots = await withCoreErrors(() => this.collection.where('uid', '==', uid).get());
    for (const snapshot of snapshots.docs) {
      if (toToken(snapshot).usedAt !== null) continue;
      // Each in its own transaction: a token used meanwhile keeps its own instant.
      await withCoreErrors(() =>
        runTransactionTried(this.db, async (tx) => {
          const fresh = await tx.get(snapshot.ref);
          if (fresh.exists && toToken(fresh).usedAt === null) tx.update(snapshot.ref, usedFields(fresh, at));
        }),
      );
    }
  }
}

function toDocument(token: PasswordResetToken) {
  return { uid: token.uid, ...instantFields({ createdAt: token.createdAt, expiresAt: token.expiresAt, usedAt: token.usedAt }) };
}

function usedFields(snapshot: DocumentSnapshot, at: Date): Record<string, unknown> {
  const data = snapshot.data() ?? {};
  const fields = instantFields({ createdAt: readInstant(data, 'createdAt'), expiresAt: readInstant(data, 'expiresAt'), usedAt: at.toISOString() });
  return { usedAt: fields.usedAt, instantText: fields.instantText };
}

function toToken(snapshot: DocumentSnapshot): PasswordResetToken {
  return readDocument(TokenSchema, snapshot, { id: 'tokenHash', instants: ['createdAt', 'expiresAt', 'usedAt'] });
}
