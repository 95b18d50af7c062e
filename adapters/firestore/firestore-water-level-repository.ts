import type { Firestore } from 'firebase-admin/firestore';
import { WaterLevelReadingSchema, type WaterLevelReading } from '../../core/entities/water-level';
import type { WaterLevelRepository } from '../../core/ports/water-level-repository';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { BATCH_SIZE } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';

/** Daily readings in the `waterLevels` collection, one document per ISO date, keyed by it. */
export class FirestoreWaterLevelRepository implements WaterLevelRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'waterLevels', this.options);
  }

  async readings(from: string, to: string): Promise<WaterLevelReading[]> {
    if (from > to) return [];
    // ISO dates (YYYY-MM-DD) order as text in date order.
    const snapshot = await withCoreErrors(() =>
      this.collection.where('date', '>=', from).where('date', '<=', to).orderBy('date', 'asc').get(),
    );
    return snapshot.docs.map((doc) => WaterLevelReadingSchema.parse({ date: doc.get('date'), percentFull: doc.get('percentFull') }));
  }

  async putMany(readings: WaterLevelReading[]): Promise<void> {
    // A later reading of the same date wins, as it would if they were stored one by one.
    // Dates become document ids, so nothing but an ISO date may pass.
    const valid = readings.map((reading) => WaterLevelReadingSchema.parse(reading));
    const byDate = new Map(valid.map((reading) => [reading.date, reading.percentFull]));
    const entries = [...byDate];
    await withCoreErrors(async () => {
      for (let start = 0; start < entries.length; start += BATCH_SIZE) {
        const batch = this.db.batch();
        for (const [date, percentFull] of entries.slice(start, start + BATCH_SIZE)) {
          batch.set(this.collection.doc(date), { date, percentFull });
        }
        await batch.commit();
      }
    });
  }
}
