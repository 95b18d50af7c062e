import type { DocumentData } from 'firebase-admin/firestore';
import { PushSubscriptionSchema, type PushSubscription } from '../../core/push/push';
import type { PushSubscriptionRepository } from '../../core/push/push-subscription-repository.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteAll } from './firestore-delete-all';
import { deleteDocumentIf, documentById } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

const read = (data: DocumentData | undefined): PushSubscription => PushSubscriptionSchema.parse(data?.subscription);

/** Members' push devices in `pushSubscriptions`, one document per device (the endpoint's hash); single-field queries only. */
export class FirestorePushSubscriptionRepository extends FirestoreCollectionAdapter implements PushSubscriptionRepository {
  protected readonly collectionName = 'pushSubscriptions';

  async save(subscription: PushSubscription): Promise<void> {
    const { memberId, sessionHash } = subscription;
    await withCoreErrors(() => this.collection.doc(subscription.id).set({ memberId, sessionHash, subscription }));
  }

  async get(id: string): Promise<PushSubscription | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? read(snapshot.data()) : null;
  }

  async listByMember(memberId: string): Promise<PushSubscription[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('memberId', '==', memberId).get());
    return snapshot.docs.map((doc) => read(doc.data())).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  remove(id: string): Promise<boolean> {
    return deleteDocumentIf(this.collection, id);
  }

  removeBySession(sessionHash: string): Promise<number> {
    return deleteAll(this.db, this.collection.where('sessionHash', '==', sessionHash));
  }

  removeByMember(memberId: string): Promise<number> {
    return deleteAll(this.db, this.collection.where('memberId', '==', memberId));
  }
}
