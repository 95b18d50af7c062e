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

/**
 * Orders records by an instant, no instant last, in the given direction (1 oldest first, -1 newest
 * first), then by id as text.
 */
export function byInstantThenId<T extends { id: string }>(instantOf: (record: T) => string | null, direction: 1 | -1 = 1) {
  return (a: T, b: T): number => {
    const at = instantMillis(instantOf(a));
    const bt = instantMillis(instantOf(b));
    if (at !== bt) {
      if (at === null) return 1;
      if (bt === null) return -1;
      return (at - bt) * direction;
    }
    return compareText(a.id, b.id);
  };
}
