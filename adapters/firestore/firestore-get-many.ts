import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';

/** Documents per `getAll`: Firestore takes many references in one call; chunks keep each call small. */
export const GET_ALL_CHUNK = 100;

/**
 * The stored documents among `refs`, in their order (the missing ones left out): one batched
 * `getAll` per chunk of GET_ALL_CHUNK, so one call for a short list (docs/members.md#reads).
 */
export async function getExisting(db: Firestore, refs: readonly DocumentReference[]): Promise<DocumentSnapshot[]> {
  const found: DocumentSnapshot[] = [];
  for (let at = 0; at < refs.length; at += GET_ALL_CHUNK) {
    const snapshots = await withCoreErrors(() => db.getAll(...refs.slice(at, at + GET_ALL_CHUNK)));
    for (const snapshot of snapshots) if (snapshot.exists) found.push(snapshot);
  }
  return found;
}
