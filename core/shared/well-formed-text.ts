/**
 * Text that reaches storage must be well-formed Unicode. JSON can carry an unpaired UTF-16
 * surrogate ("\ud800"), which UTF-8 cannot represent: SQLite quietly turns it into U+FFFD, while
 * Firestore refuses the write or the query (after retrying for seconds). Such input is refused
 * at the door instead, with this message.
 */
export const MALFORMED_TEXT_MESSAGE = 'The request contains text with a broken character (an unpaired surrogate); please retype it';

/**
 * How deep a value is searched. Our requests are shallow and the schemas keep no deeper value,
 * so what lies below this cannot reach storage.
 */
const MAX_DEPTH = 32;

/** True when every string in `value` (object keys included, to any depth) is well-formed Unicode. */
export function isWellFormedInput(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  // Bytes (a webhook's raw body) are not text: they are checked by whoever reads them.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return true;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.every((item) => isWellFormedInput(item, depth + 1));
  return Object.entries(value).every(([key, item]) => key.isWellFormed() && isWellFormedInput(item, depth + 1));
}
