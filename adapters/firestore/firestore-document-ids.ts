import type { CollectionReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';

/**
 * Whether a text can be a Firestore document id. Ids reach the adapters from URLs; one with a
 * slash would address a document of some sub-collection instead, and '.', '..' and __x__ are
 * reserved, so such ids are treated as ids no document can have. So is one that is not
 * well-formed Unicode: Firestore answers a read of it with an error, not with "no document".
 */
export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    id.isWellFormed() &&
    Buffer.byteLength(id, 'utf8') <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id)
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
