/** Booleans are stored as 0 or 1. */
export function writeBoolean(value: boolean): number {
  return value ? 1 : 0;
}

/** Reads a stored 0/1; anything else is a damaged row and throws. */
export function readBoolean(value: unknown): boolean {
  if (value === 1) return true;
  if (value === 0) return false;
  throw new TypeError(`Stored boolean is neither 0 nor 1: ${String(value)}`);
}

/** Epoch milliseconds of an ISO instant (or null), the key the tables sort and compare by. */
export function instantMillis(instant: string | null): number | null {
  return instant === null ? null : Date.parse(instant);
}

/** Reads JSON text stored by an adapter; the caller validates the shape. */
export function readJson(value: unknown): unknown {
  if (typeof value !== 'string') throw new TypeError('Stored JSON is not text');
  return JSON.parse(value);
}

/**
 * A stored row read as an entity: every column as it is, but the named ones read back from 0/1
 * and from JSON text, then checked by the entity's schema (which drops the adapter's own columns,
 * such as the millisecond keys). A damaged row throws.
 */
export function readRow<T>(
  schema: { parse(value: unknown): T },
  row: Record<string, unknown>,
  columns: { booleans?: readonly string[]; json?: readonly string[] },
): T {
  const value: Record<string, unknown> = { ...row };
  for (const name of columns.booleans ?? []) value[name] = readBoolean(row[name]);
  for (const name of columns.json ?? []) value[name] = readJson(row[name]);
  return schema.parse(value);
}
