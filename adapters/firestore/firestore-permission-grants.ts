import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { DEFAULT_PERMISSIONS, type Permission } from '../../core/admins/admin';
import { backfillMissingFields } from './firestore-backfill';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';

/**
 * The permissions the third phase added, in the order SQLite's migrations gave them (0023
 * `members:write`, 0028 `duties:write`, 0036 `privacy:manage`).
 */
export const PHASE_PERMISSIONS: readonly Permission[] = ['members:write', 'duties:write', 'privacy:manage'];

/** The mark that says a permission was given (a document of `bookingReferences`, beside the other back-fills' marks). */
export function permissionGivenMark(permission: Permission): string {
  return `permission-given-${permission.replace(':', '-')}`;
}

/**
 * Firestore's counterpart of the SQLite migrations' grant (sqlite-permission-grants.ts): each
 * permission of PHASE_PERMISSIONS goes to every admin holding `admins:manage` that lacks it, once
 * per permission. A mark per permission makes later starts read one document, so a permission an
 * admin later takes from another is not given back at the next start. Safe when several instances
 * start together (backfillMissingFields: each admin written under the precondition that it is
 * unchanged since read). Answers how many grants this call made.
 */
export async function grantPhasePermissions(db: Firestore, options: FirestoreCollectionOptions = {}): Promise<number> {
  const admins = collectionOf(db, 'admins', options);
  let given = 0;
  for (const permission of PHASE_PERMISSIONS) {
    const mark = collectionOf(db, 'bookingReferences', options).doc(permissionGivenMark(permission));
    given += await backfillMissingFields(db, admins, mark, ['permissions'], (snapshot) => {
      const permissions = storedPermissions(snapshot);
      return permissions.includes('admins:manage') && !permissions.includes(permission) ? { patch: { permissions: [...permissions, permission] } } : null;
    });
  }
  return given;
}

/** An admin's stored permissions as FirestoreAdminRepository reads them: the spec's defaults when absent. */
function storedPermissions(snapshot: DocumentSnapshot): unknown[] {
  const stored: unknown = snapshot.get('permissions');
  return Array.isArray(stored) ? stored : [...DEFAULT_PERMISSIONS];
}
