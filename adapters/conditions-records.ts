import type { z } from 'zod';
import { ConditionsLimitsSchema, type ConditionsLimits } from '../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../core/conditions/conditions-repository.port';
import { EventConditionsSchema, noEventConditions, type EventConditions } from '../core/conditions/event-conditions';
import { ForecastSchema, type Forecast } from '../core/conditions/forecast';
import { ValidationError } from '../core/shared/errors';
import { validRecord } from './stored-records';

/**
 * The go/no-go's records by kind, as the storage adapters keep them: each one JSON document
 * (read and written whole), checked by its schema before it is stored and after it is read.
 * 'limits' and 'forecast' are also their documents' keys.
 */
const KINDS = {
  limits: { schema: ConditionsLimitsSchema, what: 'set of limits' },
  forecast: { schema: ForecastSchema, what: 'forecast' },
  event: { schema: EventConditionsSchema, what: 'event record' },
} as const;

export type ConditionsKind = keyof typeof KINDS;
export type ConditionsRecord<K extends ConditionsKind> = z.output<(typeof KINDS)[K]['schema']>;

/** A record about to be stored: as its schema reads it, or a ValidationError. */
export function validConditions<K extends ConditionsKind>(kind: K, record: ConditionsRecord<K>): ConditionsRecord<K> {
  return validRecord(KINDS[kind].schema, record, KINDS[kind].what) as ConditionsRecord<K>;
}

/** The id of an event's record; an id no event could have is refused with a ValidationError, before any document is named by it. */
export function eventRecordId(eventId: string): string {
  return validConditions('event', noEventConditions(eventId)).eventId;
}

/**
 * What `change` makes of an event's stored record (`current`, or a new one when null), checked:
 * a record that is not valid, or is another event's, is refused with a ValidationError.
 */
export function changedEventRecord(id: string, current: EventConditions | null, change: (record: EventConditions) => EventConditions): EventConditions {
  const next = validConditions('event', change(current ?? noEventConditions(id)));
  if (next.eventId !== id) throw new ValidationError(`An event record for ${next.eventId} cannot be stored as ${id}'s`);
  return next;
}

/** A stored document's JSON text read back as its kind's record (stored data is input too). */
export function conditionsFromJson<K extends ConditionsKind>(kind: K, json: string): ConditionsRecord<K> {
  return KINDS[kind].schema.parse(JSON.parse(json)) as ConditionsRecord<K>;
}

/**
 * The go/no-go's records in a store of JSON documents by key (SQLite's `conditions` table,
 * Firestore's `conditions` collection): 'limits', 'forecast' and one per event, read and written
 * whole. A storage adapter says how its keys are made and how a document is read and written.
 */
export abstract class JsonDocumentConditionsRepository implements ConditionsRepository {
  /** The key of an event's document. */
  protected abstract eventKey(eventId: string): string;
  /** The document's JSON text, or null where there is none. */
  protected abstract readJson(key: string): Promise<string | null>;
  /** The JSON texts of those of the documents (distinct keys) that are there, in any order. */
  protected abstract readManyJson(keys: readonly string[]): Promise<string[]>;
  protected abstract writeJson(key: string, json: string): Promise<void>;
  /**
   * Reads the document and writes what `change` makes of its JSON text (null where there is none)
   * in one transaction: another writer of the same document in between makes the store run it again
   * or wait. An error thrown by `change` writes nothing and reaches the caller.
   */
  protected abstract changeJson(key: string, change: (json: string | null) => string): Promise<void>;

  /** Whether an id may name an event's document (one that cannot has none). */
  protected acceptsEventId(eventId: unknown): eventId is string {
    return typeof eventId === 'string';
  }

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
    if (!this.acceptsEventId(eventId)) return null;
    return this.read(this.eventKey(eventId), 'event');
  }

  async getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>> {
    const keys = [...new Set(eventIds)].filter((id) => this.acceptsEventId(id)).map((id) => this.eventKey(id));
    const found = new Map<string, EventConditions>();
    for (const json of await this.readManyJson(keys)) {
      const record = conditionsFromJson('event', json);
      found.set(record.eventId, record);
    }
    return found;
  }

  async changeEvent(eventId: string, change: (record: EventConditions) => EventConditions): Promise<EventConditions> {
    const id = eventRecordId(eventId);
    let stored: EventConditions | undefined;
    await this.changeJson(this.eventKey(id), (json) => {
      stored = changedEventRecord(id, json === null ? null : conditionsFromJson('event', json), change);
      return JSON.stringify(stored);
    });
    return stored!;
  }

  private async read<K extends ConditionsKind>(key: string, kind: K): Promise<ConditionsRecord<K> | null> {
    const json = await this.readJson(key);
    return json === null ? null : conditionsFromJson(kind, json);
  }

  private async write(key: string, value: unknown): Promise<void> {
    await this.writeJson(key, JSON.stringify(value));
  }
}
