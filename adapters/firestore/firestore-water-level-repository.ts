import { WaterLevelReadingSchema, type WaterLevelReading } from '../../core/water-levels/water-level';
import type { WaterLevelRepository } from '../../core/water-levels/water-level-repository.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteDocumentIf } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { ValidationError } from '../../core/shared/errors';

/** Dates become document ids: only an ISO date may name one. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Most readings in one putMany: a CSV import's limit with room to spare (one commit stays far under 10 MiB). */
export const MAX_ATOMIC_WRITES = 10_000;

/** Daily readings in the `waterLevels` collection, one document per ISO date, keyed by it. */
export class FirestoreWaterLevelRepository extends FirestoreCollectionAdapter implements WaterLevelRepository {
  protected readonly collectionName = 'waterLevels';

  async readings(from: string, to: string): Promise<WaterLevelReading[]> {
    if (from > to) return [];
    // ISO dates (YYYY-MM-DD) order as text in date order.
    const snapshot = await withCoreErrors(() => this.collection.where('date', '>=', from).where('date', '<=', to).orderBy('date', 'asc').get());
    return snapshot.docs.map((doc) => WaterLevelReadingSchema.parse({ date: doc.get('date'), percentFull: doc.get('percentFull') }));
  }

  async putMany(readings: WaterLevelReading[]): Promise<void> {
    // A later reading of the same date wins, as it would if they were stored one by one.
    // Dates become document ids, so nothing but an ISO date may pass.
    const valid = readings.map((reading) => WaterLevelReadingSchema.parse(reading));
    const byDate = new Map(valid.map((reading) => [reading.date, reading.percentFull]));
    if (byDate.size === 0) return;
    if (byDate.size > MAX_ATOMIC_WRITES) {
      throw new ValidationError(`At most ${MAX_ATOMIC_WRITES} readings can be stored at once`);
    }
    // One batch, so all or nothing. Firestore no longer limits a commit to 500 writes, only to
    // 10 MiB; a reading is well under 100 bytes.
    await withCoreErrors(async () => {
      const batch = this.db.batch();
      for (const [date, percentFull] of byDate) batch.set(this.collection.doc(date), { date, percentFull });
      await batch.commit();
    });
  }

  async add(reading: WaterLevelReading): Promise<boolean> {
    const { date, percentFull } = WaterLevelReadingSchema.parse(reading);
    try {
      // create() fails when the document exists: of two admins adding the same date, one gets false.
      await this.collection.doc(date).create({ date, percentFull });
      return true;
    } catch (error) {
      if (firestoreCode(error) === FIRESTORE_CODES.ALREADY_EXISTS) return false;
      return withCoreErrors(() => Promise.reject(error));
    }
  }

  async delete(date: string): Promise<boolean> {
    if (!ISO_DATE.test(date)) return false;
    return deleteDocumentIf(this.collection, date);
  }
}
