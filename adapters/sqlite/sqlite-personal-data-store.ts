import type { Knex } from 'knex';
import type { PersonalDataStore, RecordRewrite, StoredRecord } from '../../core/privacy/personal-data-store.port';
import { writeTransaction } from './sqlite-write-transaction';

const ROW_ID = '__privacy_rowid';

/** Tables that are machinery, not records: knex's migration bookkeeping, SQLite's own, the write lock. */
function isMachinery(name: string): boolean {
  return name.startsWith('sqlite_') || name.startsWith('knex_migrations') || name === 'write_lock';
}

/**
 * Every table of the database read as records (docs/privacy-requests.md): each row with its rowid as the id and
 * its `id` column as the key. Found from sqlite_master, so a table a later migration adds is read
 * too. The search index's full-text tables (virtual tables and their shadow tables) are left out:
 * they hold events, documents, pages and news, never people.
 */
export class SqlitePersonalDataStore implements PersonalDataStore {
  constructor(private readonly db: Knex) {}

  private async tables(): Promise<string[]> {
    const rows: { name: string; sql: string | null }[] = await this.db('sqlite_master').where({ type: 'table' }).select('name', 'sql');
    const virtual = rows.filter((row) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? '')).map((row) => row.name);
    return rows
      .map((row) => row.name)
      .filter((name) => !isMachinery(name) && !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
      .sort();
  }

  async scan(): Promise<StoredRecord[]> {
    const records: StoredRecord[] = [];
    for (const table of await this.tables()) {
      const rows: Record<string, unknown>[] = await this.db.raw(`SELECT rowid AS "${ROW_ID}", * FROM "${table.replace(/"/g, '""')}"`);
      for (const row of rows) {
        const { [ROW_ID]: rowId, ...fields } = row;
        records.push({ kind: table, id: String(rowId), key: typeof fields.id === 'string' ? fields.id : null, fields });
      }
    }
    return records;
  }

  async rewrite(changes: readonly RecordRewrite[]): Promise<void> {
    if (changes.length === 0) return;
    const tables = new Set(await this.tables());
    for (const change of changes) {
      if (!tables.has(change.kind)) throw new Error(`No table ${change.kind} to rewrite`);
    }
    await writeTransaction(this.db, async (trx) => {
      for (const change of changes) {
        await trx(change.kind)
          .whereRaw('rowid = ?', [Number(change.id)])
          .update(change.fields);
      }
    });
  }

  /**
   * Every connection zeroes freed space (secure_delete, set where the database is opened), so the
   * database file holds no old copy; the write-ahead log still holds the pages as they were before
   * each write since the last checkpoint, so it is copied into the file and truncated to nothing
   * (docs/data-protection.md#the-database-files). The process's one connection runs it after the
   * writes before it; a reader of another process (a backup running) is waited for up to the busy
   * timeout, and if it still reads, the next checkpoint SQLite makes by itself finishes the job.
   */
  async dropOldCopies(): Promise<void> {
    await this.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  }
}
