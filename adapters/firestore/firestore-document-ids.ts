import type { CollectionReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

/**
 * Whether a text can be a Firestore document id. Ids reach the adapters from URLs; one with a
 * slash would address a document of some sub-collection instead, and '.', '..' and __x__ are
 * reserved, so such ids are treated as ids no document can have. So is one that is not
 * well-formed Unicode: Firestore answers a read of it with an error, not with "no document".
 */
export function isDocumentId(id: string): boolean {
  return id.length > 0 && id.isWellFormed() && Buffer.byteLength(id, 'utf8') <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

/**
 * Deletes the document a caller's id names when it exists and `deletable` allows it as read,
 * in a transaction: whether it did. A write racing the read makes Firestore run the transaction
 * again, so what is checked is what is deleted. An id that can name no document deletes nothing.
 */
export function deleteDocumentIf(
  collection: CollectionReference,
  id: string,
  deletable: (snapshot: DocumentSnapshot) => boolean = () => true,
): Promise<boolean> {
  if (!isDocumentId(id)) return Promise.resolve(false);
  const ref = collection.doc(id);
  return withCoreErrors(() =>
    runTransactionTried(collection.firestore, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists || !deletable(snapshot)) return false;
      tx.delete(ref);
      return true;
    }),
  );
}

/**
 * The document a caller's id names, or null when it has none or the id can name no document
 * (isDocumentId): a read by such an id finds nothing rather than failing.
 */
export async function documentById(collection: CollectionReference, id: string): Promise<DocumentSnapshot | null> {
  if (!isDocumentId(id)) return null;
  const snapshot = await withCoreErrors(() => collection.doc(id).get());
  return snapshot.exists ? snapshot : null;
}
