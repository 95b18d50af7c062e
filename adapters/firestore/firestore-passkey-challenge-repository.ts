import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { PasskeyChallenge, PasskeyChallengeRepository } from '../../core/member-sign-in/passkey-challenge-repository.port';
import { PasskeyChallengeSchema, type PasskeyChallengePurpose } from '../../core/member-sign-in/passkeys';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transactionInTurn } from './firestore-turns';

/** Passkey ceremonies' challenges in the `passkeyChallenges` collection, keyed by the challenge's hash. */
export class FirestorePasskeyChallengeRepository extends FirestoreCollectionAdapter implements PasskeyChallengeRepository {
  protected readonly collectionName = 'passkeyChallenges';

  async put(challenge: PasskeyChallenge): Promise<void> {
    if (!isDocumentId(challenge.challengeHash)) throw new TypeError('A challenge hash may not contain a slash');
    await withCoreErrors(() =>
      this.collection
        .doc(challenge.challengeHash)
        .set({
          purpose: challenge.purpose,
          memberId: challenge.memberId,
          ...instantFields({ createdAt: challenge.createdAt, expiresAt: challenge.expiresAt }),
        }),
    );
  }

  async take(challengeHash: string, purpose: PasskeyChallengePurpose, now: Date): Promise<PasskeyChallenge | null> {
    if (!isDocumentId(challengeHash)) return null;
    const ref = this.collection.doc(challengeHash);
    // A transaction reads the challenge and deletes it; a racing take that read it too is retried
    // and finds it gone, so at most one returns it.
    return transactionInTurn(this.db, `passkeyChallenge:${challengeHash}`, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return null;
      const challenge = toChallenge(snapshot);
      if (challenge.purpose !== purpose) return null;
      tx.delete(ref);
      return Date.parse(challenge.expiresAt) > now.getTime() ? challenge : null;
    });
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteAll(this.db, this.collection.where('expiresAt', '<', Timestamp.fromDate(now)));
  }
}

function toChallenge(snapshot: DocumentSnapshot): PasskeyChallenge {
  return readDocument(PasskeyChallengeSchema, snapshot, { id: 'challengeHash', instants: ['createdAt', 'expiresAt'] });
}
