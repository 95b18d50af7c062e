import { ConflictError } from '../../core/shared/errors';

/**
 * The memory adapters keep records in maps by their key and hand out copies, so that a caller
 * changing what it was given never changes what is stored.
 */

/** A copy of the stored record, or null when there is none. */
export function copyOrNull<T>(record: T | undefined): T | null {
  return record === undefined ? null : structuredClone(record);
}

/** Copies of the records stored under the keys there are records for, by key. */
export function copiesOf<T>(records: ReadonlyMap<string, T>, keys: readonly string[]): Map<string, T> {
  const found = new Map<string, T>();
  for (const key of keys) {
    const record = records.get(key);
    if (record !== undefined) found.set(key, structuredClone(record));
  }
  return found;
}

/** Stores a copy of a new record under its key; ConflictError (with `taken`) when the key is in use. */
export function addCopy<T>(records: Map<string, T>, key: string, record: T, taken: string): void {
  if (records.has(key)) throw new ConflictError(taken);
  records.set(key, structuredClone(record));
}

/** Deletes the records that `matches`; how many went. */
export function deleteWhere<T>(records: Map<string, T>, matches: (record: T) => boolean): number {
  let removed = 0;
  for (const [key, record] of records) {
    if (matches(record)) {
      records.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Records kept by the hash of their secret until they expire (sessions, password-reset tokens):
 * added once, read by the hash, and swept when expired.
 */
export abstract class MemoryTokenHashRecords<T extends { tokenHash: string; expiresAt: string }> {
  protected readonly records = new Map<string, T>();

  /** `hashTaken`: the refusal of a second record with the same hash. */
  constructor(private readonly hashTaken: string) {}

  async create(record: T): Promise<void> {
    addCopy(this.records, record.tokenHash, record, this.hashTaken);
  }

  async get(tokenHash: string): Promise<T | null> {
    return copyOrNull(this.records.get(tokenHash));
  }

  async deleteExpired(now: Date): Promise<number> {
    return deleteWhere(this.records, (record) => Date.parse(record.expiresAt) < now.getTime());
  }
}
