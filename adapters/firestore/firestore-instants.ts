import { Timestamp, type DocumentData } from 'firebase-admin/firestore';

/**
 * Instants are stored as Firestore Timestamps, so that Firestore orders and compares them and
 * the console shows them as dates. A Timestamp forgets how the instant was written
 * ('10:00+01:00' and '09:00:00.000Z' are one Timestamp), and callers get back exactly the text
 * they stored, so the text is kept beside it in the map field `instantText`. The text is used
 * only while it still names the stored Timestamp: an instant edited in the console wins.
 */
export const INSTANT_TEXT_FIELD = 'instantText';

/** A Timestamp for an ISO instant, or null. */
export function toTimestamp(instant: string | null): Timestamp | null {
  if (instant === null) return null;
  const millis = Date.parse(instant);
  if (Number.isNaN(millis)) throw new TypeError(`Not an instant: ${instant}`);
  return Timestamp.fromMillis(millis);
}

/** The stored fields for some named instants: each as a Timestamp, plus their texts. */
export function instantFields(instants: Record<string, string | null>): DocumentData {
  const fields: DocumentData = {};
  const texts: Record<string, string> = {};
  for (const [name, instant] of Object.entries(instants)) {
    fields[name] = toTimestamp(instant);
    if (instant !== null) texts[name] = instant;
  }
  fields[INSTANT_TEXT_FIELD] = texts;
  return fields;
}

/**
 * The ISO instant stored in a field, as written when it was stored; null when the field is
 * null or missing. Text stored by hand is passed on for the caller's schema to judge.
 */
export function readInstant(data: DocumentData, field: string): string | null {
  const value: unknown = data[field];
  if (value === null || value === undefined) return null;
  if (value instanceof Timestamp) {
    const text: unknown = (data[INSTANT_TEXT_FIELD] as Record<string, unknown> | undefined)?.[field];
    if (typeof text === 'string' && Date.parse(text) === value.toMillis()) return text;
    return value.toDate().toISOString();
  }
  if (typeof value === 'string') return value;
  throw new TypeError(`Stored field ${field} is not a timestamp`);
}
