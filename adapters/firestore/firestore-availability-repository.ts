import type { MemberAvailability } from '../../core/duties/availability';
import type { AvailabilityRepository } from '../../core/duties/availability-repository.port';
import { byAvailabilityMember, validAvailability } from '../availability-records';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

/**
 * Members' availability in `memberAvailability`: one document per member and season, keyed
 * `<seasonStart>_<memberId>`, holding the record's fields. A season's records are found by an
 * equality query on `seasonStart`, a member's by one on `memberId` (single-field indexes).
 */
export class FirestoreAvailabilityRepository extends FirestoreCollectionAdapter implements AvailabilityRepository {
  protected readonly collectionName = 'memberAvailability';

  async get(memberId: string, seasonStart: string): Promise<MemberAvailability | null> {
    const id = documentId(memberId, seasonStart);
    if (!isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? validAvailability(snapshot.data()) : null;
  }

  async listSeason(seasonStart: string): Promise<MemberAvailability[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('seasonStart', '==', seasonStart).get());
    return snapshot.docs.map((doc) => validAvailability(doc.data())).sort(byAvailabilityMember);
  }

  async put(record: MemberAvailability): Promise<void> {
    const valid = validAvailability(record);
    const id = documentId(valid.memberId, valid.seasonStart);
    if (!isDocumentId(id)) throw new Error('A member id may not contain a slash or be reserved by Firestore');
    await withCoreErrors(() => this.collection.doc(id).set(valid));
  }

  async removeMember(memberId: string): Promise<number> {
    return withCoreErrors(async () => {
      const snapshot = await this.collection.where('memberId', '==', memberId).get();
      const batch = this.db.batch();
      for (const doc of snapshot.docs) batch.delete(doc.ref);
      if (snapshot.size > 0) await batch.commit();
      return snapshot.size;
    });
  }

  async removeSeasonsBefore(seasonStart: string, limit: number): Promise<number> {
    return withCoreErrors(async () => {
      const snapshot = await this.collection.where('seasonStart', '<', seasonStart).limit(limit).get();
      const batch = this.db.batch();
      for (const doc of snapshot.docs) batch.delete(doc.ref);
      if (snapshot.size > 0) await batch.commit();
      return snapshot.size;
    });
  }
}

const documentId = (memberId: string, seasonStart: string) => `${seasonStart}_${memberId}`;
