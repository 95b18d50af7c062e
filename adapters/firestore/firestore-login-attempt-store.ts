import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { LoginAttemptStore } from '../../core/ports/login-attempt-store';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { deleteAll } from './firestore-delete-all';

/** Failed sign-ins in the `loginFailures` collection: one document per failure and key. */
export class FirestoreLoginAttemptStore implements LoginAttemptStore {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'loginFailures', this.options);
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    // One failed attempt counts once per key, even if a caller names a key twice.
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    const batch = this.db.batch();
    for (const key of unique) batch.create(this.collection.doc(), { key, at: Timestamp.fromDate(at) });
    await withCoreErrors(() => batch.commit());
  }

  async countSince(key: string, since: Date): Promise<number> {
    const snapshot = await withCoreErrors(() =>
      this.collection.where('key', '==', key).where('at', '>=', Timestamp.fromDate(since)).count().get(),
    );
    return snapshot.data().count;
  }

  async clear(key: string): Promise<void> {
    await deleteAll(this.db, this.collection.where('key', '==', key));
  }
}
