import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database';

/** A SQLite database file in a fresh temporary folder of its own. */
export interface TempSqlite {
  /** The folder: the file and anything else the test keeps beside it (a DATA_DIR). */
  dir: string;
  /** The database file (not created until something opens it). */
  file: string;
  /** Opens a connection on the file, migrated as the server's are; close() destroys it. */
  open(): Promise<Knex>;
  /** Destroys every connection open() gave, then deletes the folder. */
  close(): Promise<void>;
}

/**
 * A temporary SQLite file for one test: `tempSqlite('kyc-outbox-')` makes the folder (the prefix
 * names it in the temporary folder), `open()` connects as often as the test needs (two handles
 * act as two server processes), and `close()` cleans everything up.
 */
export function tempSqlite(prefix = 'kyc-sqlite-', fileName = 'club.sqlite'): TempSqlite {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, fileName);
  const opened: Knex[] = [];
  return {
    dir,
    file,
    async open() {
      const db = await openSqliteDatabase(file);
      opened.push(db);
      return db;
    },
    async close() {
      await Promise.all(opened.splice(0).map((db) => db.destroy()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a fresh temporary SQLite file, then closes it, whether `work` passed or threw. */
export async function withTempSqlite<T>(work: (sqlite: TempSqlite) => Promise<T>, prefix?: string, fileName?: string): Promise<T> {
  const sqlite = tempSqlite(prefix, fileName);
  try {
    return await work(sqlite);
  } finally {
    await sqlite.close();
  }
}

/** One connection on a fresh temporary SQLite file, and how to close both: an adapter factory's usual need. */
export async function openTempSqlite(prefix?: string): Promise<{ db: Knex; file: string; dir: string; close(): Promise<void> }> {
  const sqlite = tempSqlite(prefix);
  try {
    return { db: await sqlite.open(), file: sqlite.file, dir: sqlite.dir, close: sqlite.close };
  } catch (error) {
    await sqlite.close();
    throw error;
  }
}
