import {
  FieldPath,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';

/** What a back-fill writes for one document: fields to set on it, and other documents to set in the same write. */
export interface BackfillPatch {
  patch: DocumentData;
  also?: readonly { ref: DocumentReference; data: DocumentData }[];
}

/** Documents read (and written, in one batch) per page of a back-fill; a batch holds at most 500 writes. */
export const BACKFILL_PAGE = 300;

/**
 * Gives every document of `collection` the fields a version before lacks (`patchFor`: the
 * fields to set, and any other documents to set with them, or null when the document lacks
 * nothing), once: Firestore cannot query for a
 * missing field, so the documents are read a page at a time (only `fields`), then the `mark`
 * document says every document has them, and later starts read that one document. Answers how
 * many documents this call changed. Safe alongside new writes and on two instances at once: a
 * page is one batch, each document under the precondition that it is unchanged since read; should
 * any have changed, the page's documents are done one by one, each in a transaction on a fresh read.
 */
export async function backfillMissingFields(
  db: Firestore,
  collection: CollectionReference,
  mark: DocumentReference,
  fields: readonly string[],
  patchFor: (snapshot: DocumentSnapshot) => BackfillPatch | null,
): Promise<number> {
  if ((await withCoreErrors(() => mark.get())).exists) return 0;
  let given = 0;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let query = collection
      .orderBy(FieldPath.documentId())
      .select(...fields)
      .limit(BACKFILL_PAGE);
    if (after) query = query.startAfter(after);
    const page = await withCoreErrors(() => query.get());
    given += await patchPage(db, page.docs, patchFor);
    if (page.size < BACKFILL_PAGE) break;
    after = page.docs[page.docs.length - 1];
  }
  await withCoreErrors(() => mark.set({ at: new Date().toISOString() }));
  return given;
}

async function patchPage(db: Firestore, docs: readonly DocumentSnapshot[], patchFor: (snapshot: DocumentSnapshot) => BackfillPatch | null): Promise<number> {
  const missing = docs.flatMap((doc) => {
    const patch = patchFor(doc);
    return patch ? [{ doc, patch }] : [];
  });
  if (missing.length === 0) return 0;
  const batch = db.batch();
  for (const { doc, patch } of missing) {
    batch.update(doc.ref, patch.patch, { lastUpdateTime: doc.updateTime! });
    for (const also of patch.also ?? []) batch.set(also.ref, also.data);
  }
  try {
    await batch.commit();
    return missing.length;
  } catch (error) {
    const code = firestoreCode(error);
    if (code !== FIRESTORE_CODES.FAILED_PRECONDITION && code !== FIRESTORE_CODES.NOT_FOUND) throw error;
  }
  let given = 0;
  for (const { doc } of missing) {
    const changed = await withCoreErrors(() =>
      db.runTransaction(
        async (tx) => {
          const current = await tx.get(doc.ref);
          const patch = current.exists ? patchFor(current) : null;
          if (!patch) return false;
          tx.update(doc.ref, patch.patch);
          for (const also of patch.also ?? []) tx.set(also.ref, also.data);
          return true;
        },
        { maxAttempts: TRANSACTION_ATTEMPTS },
      ),
    );
    if (changed) given += 1;
  }
  return given;
}
