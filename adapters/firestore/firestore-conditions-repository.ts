import type { ConditionsLimits } from '../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../core/conditions/conditions-repository.port';
import type { EventConditions } from '../../core/conditions/event-conditions';
import type { Forecast } from '../../core/conditions/forecast';
import { conditionsFromJson, validConditions, type ConditionsKind, type ConditionsRecord } from '../conditions-records';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';

/** An event's document: its id after a prefix no other document has ('event_'), slash-free (the schema's rule). */
const eventDoc = (eventId: string) => `event_${eventId}`;
/** Firestore's getAll takes many references; read in chunks so one call stays small. */
const CHUNK = 100;

/**
 * The go/no-go's records in the `conditions` collection: the documents 'limits' and 'forecast',
 * and one per event ('event_<id>'), each holding its record as JSON text under `value` (read and
 * written whole, never queried inside; a forecast's hundreds of hours stay one small field).
 */
export class FirestoreConditionsRepository extends FirestoreCollectionAdapter implements ConditionsRepository {
  protected readonly collectionName = 'conditions';

  async getLimits(): Promise<ConditionsLimits | null> {
    return this.read('limits', 'limits');
  }

  async saveLimits(limits: ConditionsLimits): Promise<void> {
    await this.write('limits', validConditions('limits', limits));
  }

  async getForecast(): Promise<Forecast | null> {
    return this.read('forecast', 'forecast');
  }

  async saveForecast(forecast: Forecast): Promise<void> {
    await this.write('forecast', validConditions('forecast', forecast));
  }

  async getEvent(eventId: string): Promise<EventConditions | null> {
    if (!validEventId(eventId)) return null;
    return this.read(eventDoc(eventId), 'event');
  }

  async getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>> {
    const found = new Map<string, EventConditions>();
    const ids = [...new Set(eventIds)].filter(validEventId);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const refs = ids.slice(i, i + CHUNK).map((id) => this.collection.doc(eventDoc(id)));
      if (refs.length === 0) continue;
      const snapshots = await withCoreErrors(() => this.db.getAll(...refs));
      for (const snapshot of snapshots) {
        if (!snapshot.exists) continue;
        const record = conditionsFromJson('event', String(snapshot.get('value')));
        found.set(record.eventId, record);
      }
    }
    return found;
  }

  async saveEvent(record: EventConditions): Promise<void> {
    const valid = validConditions('event', record);
    await this.write(eventDoc(valid.eventId), valid);
  }

  private async read<K extends ConditionsKind>(doc: string, kind: K): Promise<ConditionsRecord<K> | null> {
    const snapshot = await withCoreErrors(() => this.collection.doc(doc).get());
    return snapshot.exists ? conditionsFromJson(kind, String(snapshot.get('value'))) : null;
  }

  private async write(doc: string, value: unknown): Promise<void> {
    await withCoreErrors(() => this.collection.doc(doc).set({ value: JSON.stringify(value) }));
  }
}

/** Only an id an event could have may name a document (no slash, not empty, not too long). */
function validEventId(eventId: unknown): eventId is string {
  return typeof eventId === 'string' && /^[^/]{1,200}$/.test(eventId);
}
