import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { AdminSchema, DEFAULT_PERMISSIONS, type Admin } from '../../core/admins/admin';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields, readInstant } from './firestore-instants';
import { UniqueEmailCollection } from './firestore-unique-email-writes';

const UID_TAKEN = 'An admin with this user id already exists';
const EMAIL_TAKEN = 'An admin with this e-mail already exists';
const NOT_FOUND = 'Admin not found';

/**
 * Admin records in the `admins` collection, keyed by the identity provider's user id as the spec
 * says, with name, role and permissions. `emailKey` (the lower-cased e-mail) makes e-mails
 * unique whatever their letter case: writes check it inside a transaction.
 */
export class FirestoreAdminRepository extends UniqueEmailCollection implements AdminRepository {
  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, 'admins', options, { uidTaken: UID_TAKEN, emailTaken: EMAIL_TAKEN, notFound: NOT_FOUND });
  }

  async getByUid(uid: string): Promise<Admin | null> {
    if (!isDocumentId(uid)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(uid).get());
    return snapshot.exists ? toAdmin(snapshot) : null;
  }

  async getByEmail(email: string): Promise<Admin | null> {
    const snapshot = await withCoreErrors(() => this.collection.where('emailKey', '==', email.toLowerCase()).limit(1).get());
    return snapshot.empty ? null : toAdmin(snapshot.docs[0]);
  }

  async list(): Promise<Admin[]> {
    const snapshot = await withCoreErrors(() => this.collection.orderBy('emailKey', 'asc').orderBy(FieldPath.documentId(), 'asc').get());
    return snapshot.docs.map(toAdmin);
  }

  async count(): Promise<number> {
    const snapshot = await withCoreErrors(() => this.collection.count().get());
    return snapshot.data().count;
  }

  async create(admin: Admin): Promise<void> {
    await this.writes.create(admin.uid, admin.email, toDocument(admin));
  }

  async update(admin: Admin): Promise<void> {
    await this.writes.replace(admin.uid, admin.email, toDocument(admin));
  }
}

function toDocument(admin: Admin) {
  return {
    email: admin.email,
    emailKey: admin.email.toLowerCase(),
    name: admin.name,
    role: admin.role,
    permissions: admin.permissions,
    disabled: admin.disabled,
    ...instantFields({ createdAt: admin.createdAt }),
  };
}

function toAdmin(snapshot: DocumentSnapshot): Admin {
  const data = snapshot.data() ?? {};
  return AdminSchema.parse({
    uid: snapshot.id,
    email: data.email,
    name: data.name,
    // The spec's defaults for a record that leaves them out.
    role: data.role ?? undefined,
    permissions: data.permissions ?? DEFAULT_PERMISSIONS,
    disabled: data.disabled ?? false,
    createdAt: readInstant(data, 'createdAt'),
  });
}
