import type { z } from 'zod';
import { ConditionsLimitsSchema } from '../core/conditions/conditions-limits';
import { EventConditionsSchema } from '../core/conditions/event-conditions';
import { ForecastSchema } from '../core/conditions/forecast';
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

/** A stored document's JSON text read back as its kind's record (stored data is input too). */
export function conditionsFromJson<K extends ConditionsKind>(kind: K, json: string): ConditionsRecord<K> {
  return KINDS[kind].schema.parse(JSON.parse(json)) as ConditionsRecord<K>;
}
