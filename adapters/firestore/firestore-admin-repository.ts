import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { AdminSchema, DEFAULT_PERMISSIONS, type Admin } from '../../core/admins/admin';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import { orderedBy, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { UniqueEmailCollection } from './firestore-unique-email-writes';
import { ADMIN_MESSAGES } from '../unique-email-messages';
import { readDocument } from './firestore-read-document';
import { pickFields } from '../pick-fields';

/**
 * Admin records in the `admins` collection, keyed by the identity provider's user id as the spec
 * says, with name, role and permissions. `emailKey` (the lower-cased e-mail) makes e-mails
 * unique whatever their letter case: writes check it inside a transaction.
 */
export class FirestoreAdminRepository extends UniqueEmailCollection<Admin> implements AdminRepository {
  protected readonly collectionName = 'admins';

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options, ADMIN_MESSAGES, { toDocument, fromSnapshot: toAdmin });
  }

  async list(): Promise<Admin[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.collection, 'emailKey', 'asc').get());
    return snapshot.docs.map(toAdmin);
  }

  async count(): Promise<number> {
    const snapshot = await withCoreErrors(() => this.collection.count().get());
    return snapshot.data().count;
  }
}

function toDocument(admin: Admin) {
  return { ...pickFields(admin, ['name', 'role', 'permissions', 'disabled']), ...instantFields({ createdAt: admin.createdAt }) };
}

function toAdmin(snapshot: DocumentSnapshot): Admin {
  return readDocument(AdminSchema, snapshot, {
    id: 'uid',
    instants: ['createdAt'],
    // The spec's defaults for a record that leaves them out.
    defaults: { permissions: DEFAULT_PERMISSIONS, disabled: false },
    derived: { role: (data) => data.role ?? undefined },
  });
}
