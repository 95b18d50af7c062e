/**
 * Orders text by its UTF-8 bytes, which is how SQLite's default (BINARY) collation and Firestore
 * order strings, so every adapter returns ties and titles in the same order.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Milliseconds since the epoch of an ISO instant, or null for no instant. */
export function instantMillis(instant: string | null): number | null {
  return instant === null ? null : Date.parse(instant);
}
