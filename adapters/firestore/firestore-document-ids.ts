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
