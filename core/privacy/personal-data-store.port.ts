/**
 * One stored record of any kind: a table's row, a collection's document (docs/privacy-requests.md). The privacy
 * rules (core/privacy/personal-records.ts) read every record this way, so a table or collection
 * a later feature adds is searched and erased without a change here.
 */
export interface StoredRecord {
  /** Its table or collection (without the deployment's collection prefix). */
  kind: string;
  /** What finds it again in its kind: a row id, a document id. */
  id: string;
  /** The id other records name it by (its `id` column, its document id), or null when it has none. */
  key: string | null;
  /**
   * Its values as stored: text, numbers, booleans, null, plain objects and arrays; any other value
   * (a stored timestamp) is passed back to `rewrite` untouched.
   */
  fields: Record<string, unknown>;
}

/** New fields for one record found by `scan` (same kind and id); `newId` moves it (a document id that held an e-mail). */
export interface RecordRewrite {
  kind: string;
  id: string;
  newId: string;
  fields: Record<string, unknown>;
}

/** Every record a storage keeps, read and rewritten without knowing which feature wrote it. */
export interface PersonalDataStore {
  /**
   * Every record of every table or collection of the storage, each once, whatever feature wrote
   * it (one added later included). The search index's own tables are not storage and are left out.
   */
  scan(): Promise<StoredRecord[]>;
  /**
   * Replaces each named record's fields with the given ones (moving it to `newId` when that
   * differs), all of them or, on a failure, none (Firestore: per 500 records).
   */
  rewrite(changes: readonly RecordRewrite[]): Promise<void>;
  /**
   * Leaves in the storage's own files no copy of a record as it was before a rewrite or deletion
   * that has resolved (called after an erasure and after the retention run), so that a copy of
   * the files taken afterwards holds only what the storage now answers. What is read back does
   * not change. SQLite: freed space is zeroed as it is freed (secure_delete) and the write-ahead
   * log is checkpointed into the database file and truncated. Storages whose files the club does
   * not copy (memory; Firestore, which keeps its own recovery copies: docs/data-protection.md)
   * have nothing to do.
   */
  dropOldCopies(): Promise<void>;
}
