import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { readInstant } from './firestore-instants';

/** How a stored document is read as an entity. */
export interface DocumentReading {
  /** The entity's field that holds the document's id: `id` unless named. */
  id?: string;
  /** The fields stored as instants (Timestamps with their texts, firestore-instants). */
  instants?: readonly string[];
  /** What the fields that documents written before them lack (or hold as null) read as. */
  defaults?: Record<string, unknown>;
  /** Fields worked out from the stored data; one worked out as undefined is left out. */
  derived?: Record<string, (data: DocumentData) => unknown>;
}

/**
 * A stored document read as an entity: every field as stored, the instants read back, the
 * defaults and derived fields filled in, then checked by the entity's schema (which drops the
 * adapter's own fields, such as `instantText` or `emailKey`). A damaged document throws.
 */
export function readDocument<T>(schema: { parse(value: unknown): T }, snapshot: DocumentSnapshot, reading: DocumentReading = {}): T {
  const data = snapshot.data() ?? {};
  const value: Record<string, unknown> = { ...data };
  for (const [name, fallback] of Object.entries(reading.defaults ?? {})) value[name] = data[name] ?? fallback;
  for (const name of reading.instants ?? []) value[name] = readInstant(data, name);
  for (const [name, derive] of Object.entries(reading.derived ?? {})) {
    const derived = derive(data);
    if (derived === undefined) delete value[name];
    else value[name] = derived;
  }
  value[reading.id ?? 'id'] = snapshot.id;
  return schema.parse(value);
}
