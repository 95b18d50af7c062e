import type { DocumentData } from 'firebase-admin/firestore';
import { pushDueAtMs, PushDeliverySchema, type PushDelivery } from '../../core/push/push';
import type { ClaimedPushDelivery, PushOutbox } from '../../core/push/push-outbox.port';
import { claimDueDocuments, renewClaimedDocument, settleClaimedDocument } from './firestore-claims';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { documentById } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';

/** A delivery as its push outbox document holds it. */
export function pushOutboxDocument(delivery: PushDelivery): DocumentData {
  return { delivery, memberId: delivery.memberId, dueAtMs: pushDueAtMs(delivery), claim: null };
}

const read = (data: DocumentData | undefined): PushDelivery => PushDeliverySchema.parse(data?.delivery);

/**
 * The push outbox in `pushOutbox`, one document per notification and device, claimed as the
 * e-mail outbox's documents are (firestore-claims.ts): single-field queries, no composite index.
 */
export class FirestorePushOutbox extends FirestoreCollectionAdapter implements PushOutbox {
  protected readonly collectionName = 'pushOutbox';

  async addOnce(deliveries: readonly PushDelivery[]): Promise<number> {
    const written = await Promise.all(
      deliveries.map(async (delivery) => {
        try {
          await withCoreErrors(() => this.collection.doc(delivery.id).create(pushOutboxDocument(delivery)));
          return 1;
        } catch (error) {
          if (firestoreCode(error) === FIRESTORE_CODES.ALREADY_EXISTS) return 0;
          throw error;
        }
      }),
    );
    return written.reduce<number>((a, b) => a + b, 0);
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedPushDelivery[]> {
    const claimed = await claimDueDocuments(this.db, this.collection, now, leaseMs, limit);
    return claimed.map(({ data, claim }) => ({ delivery: read(data), claim }));
  }

  renew(claim: ClaimedPushDelivery, now: Date, leaseMs: number): Promise<boolean> {
    return renewClaimedDocument(this.db, this.collection, claim.delivery.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  settle(claim: ClaimedPushDelivery, outcome: PushDelivery): Promise<boolean> {
    return settleClaimedDocument(this.db, this.collection, claim.delivery.id, claim.claim, pushOutboxDocument(outcome));
  }

  async get(id: string): Promise<PushDelivery | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? read(snapshot.data()) : null;
  }

  removeByMember(memberId: string): Promise<number> {
    return deleteAll(this.db, this.collection.where('memberId', '==', memberId));
  }
}
