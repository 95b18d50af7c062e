import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import {
  APPLICATION_MESSAGES,
  MembershipApplicationSchema,
  type ApplicationStatus,
  type MembershipApplication,
} from '../../core/membership/membership-application';
import type { MembershipApplicationRepository } from '../../core/membership/membership-application-repository.port';
import { NotFoundError } from '../../core/shared/errors';
import { newestApplicationFirst, oldestApplicationFirst, validApplication } from '../membership-application-records';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transaction } from './firestore-turns';

const INSTANTS = ['decidedAt', 'createdAt'] as const;

/**
 * Membership applications in the `membershipApplications` collection, one document per
 * application keyed by its id. A transition is one transaction that reads the status and writes
 * the application: Firestore retries it when another commits first, and the retry finds the
 * status changed.
 */
export class FirestoreMembershipApplicationRepository extends FirestoreCollectionAdapter implements MembershipApplicationRepository {
  protected readonly collectionName = 'membershipApplications';

  async get(id: string): Promise<MembershipApplication | null> {
    if (typeof id !== 'string' || !isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toApplication(snapshot) : null;
  }

  async list(): Promise<MembershipApplication[]> {
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.map(toApplication).sort(newestApplicationFirst);
  }

  async listWithStatus(status: ApplicationStatus): Promise<MembershipApplication[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('status', '==', status).get());
    return snapshot.docs.map(toApplication).sort(oldestApplicationFirst);
  }

  async create(application: MembershipApplication): Promise<void> {
    const valid = validApplication(application);
    if (!isDocumentId(valid.id)) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    await withCoreErrors(() => this.collection.doc(valid.id).create(toDocument(valid)), { conflict: APPLICATION_MESSAGES.idTaken });
  }

  async transition(from: ApplicationStatus, next: MembershipApplication): Promise<boolean> {
    const valid = validApplication(next);
    if (!isDocumentId(valid.id)) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    const ref = this.collection.doc(valid.id);
    const work = async (tx: Transaction): Promise<boolean> => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
      if (snapshot.get('status') !== from) return false;
      tx.set(ref, toDocument(valid));
      return true;
    };
    return transaction(this.db, work);
  }
}

function toDocument(application: MembershipApplication) {
  const { id: _id, decidedAt, createdAt, ...fields } = application;
  // Optional contact fields not given are left out (Firestore refuses undefined).
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...defined, ...instantFields({ decidedAt, createdAt }) };
}

function toApplication(snapshot: DocumentSnapshot): MembershipApplication {
  return readDocument(MembershipApplicationSchema, snapshot, { instants: INSTANTS });
}
