import type { Firestore } from 'firebase-admin/firestore';
import { JsonDocumentConditionsRepository } from '../conditions-records';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { getExisting } from './firestore-get-many';
import { transactionInTurn } from './firestore-turns';

/**
 * The go/no-go's records in the `conditions` collection: the documents 'limits' and 'forecast',
 * and one per event ('event_<id>'), each holding its record as JSON text under `value` (read and
 * written whole, never queried inside; a forecast's hundreds of hours stay one small field).
 */
export class FirestoreConditionsRepository extends JsonDocumentConditionsRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {
    super();
  }

  private get collection() {
    return collectionOf(this.db, 'conditions', this.options);
  }

  /** An event's document: its id after a prefix no other document has ('event_'), slash-free (the schema's rule). */
  protected eventKey(eventId: string): string {
    return `event_${eventId}`;
  }

  /** Only an id an event could have may name a document (no slash, not empty, not too long). */
  protected override acceptsEventId(eventId: unknown): eventId is string {
    return typeof eventId === 'string' && /^[^/]{1,200}$/.test(eventId);
  }

  protected async readJson(key: string): Promise<string | null> {
    const snapshot = await withCoreErrors(() => this.collection.doc(key).get());
    return snapshot.exists ? String(snapshot.get('value')) : null;
  }

  protected async readManyJson(keys: readonly string[]): Promise<string[]> {
    const snapshots = await getExisting(
      this.db,
      keys.map((key) => this.collection.doc(key)),
    );
    return snapshots.map((snapshot) => String(snapshot.get('value')));
  }

  protected async writeJson(key: string, json: string): Promise<void> {
    await withCoreErrors(() => this.collection.doc(key).set({ value: json }));
  }

  protected async changeJson(key: string, change: (json: string | null) => string): Promise<void> {
    const ref = this.collection.doc(key);
    await transactionInTurn(this.db, `conditions/${key}`, async (tx) => {
      const snapshot = await tx.get(ref);
      tx.set(ref, { value: change(snapshot.exists ? String(snapshot.get('value')) : null) });
    });
  }
}
