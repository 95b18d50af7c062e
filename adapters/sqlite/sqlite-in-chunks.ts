/**
 * Keys per `IN (...)`: SQLite binds at most 999 values per statement in builds before 3.32 (and
 * where SQLITE_MAX_VARIABLE_NUMBER is set low), so a read of many keys goes in chunks well under it.
 */
export const IN_CHUNK = 500;

/**
 * The rows `read` answers for each chunk of the keys (each key once, strings only, at most IN_CHUNK
 * a chunk), joined in chunk order: one statement for a short list (docs/members.md#reads).
 */
export async function readInChunks<R>(keys: readonly string[], read: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(keys.filter((key) => typeof key === 'string'))];
  const found: R[] = [];
  for (let at = 0; at < unique.length; at += IN_CHUNK) found.push(...(await read(unique.slice(at, at + IN_CHUNK))));
  return found;
}
