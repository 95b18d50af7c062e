import type { DocumentReference, Firestore, Query } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

/** Most writes in one batch (Firestore allows 500). */
export const BATCH_SIZE = 400;

/** Deletes every document the query finds, in batches; returns how many. */
export async function deleteAll(db: Firestore, query: Query): Promise<number> {
  return withCoreErrors(async () => {
    let deleted = 0;
    for (;;) {
      const snapshot = await query.select().limit(BATCH_SIZE).get();
      if (snapshot.empty) return deleted;
      const batch = db.batch();
      for (const doc of snapshot.docs) batch.delete(doc.ref);
      await batch.commit();
      deleted += snapshot.size;
      if (snapshot.size < BATCH_SIZE) return deleted;
    }
  });
}

/** Deletes one document in a transaction that reads it first: true when it was there, false when it was not. */
export async function deleteIfExists(db: Firestore, ref: DocumentReference): Promise<boolean> {
  return withCoreErrors(() =>
    runTransactionTried(db, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return false;
      tx.delete(ref);
      return true;
    }),
  );
}
