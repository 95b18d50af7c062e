import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database';

/**
 * An empty database file migrated as the server's are, made once per test worker (its modules stay
 * from file to file) and copied for each fresh database: running the migrations on every new file
 * cost about a second each on a busy machine, a copy a tenth of that
 * (ADR 79). Removed when the worker exits.
 */
let template: Promise<string> | undefined;

function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-migrated-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'migrated.sqlite');
    // Closing the last connection checkpoints the write-ahead log into the file and removes it.
    await (await openSqliteDatabase(file)).destroy();
    if (existsSync(`${file}-wal`)) throw new Error(`The migrated template kept a write-ahead log: ${file}-wal`);
    return file;
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/**
 * Puts a copy of the migrated empty database at `file`, unless a file is there already (a test that
 * builds an older version's database opens it itself): what openSqliteDatabase would make of a
 * missing file, without running the migrations again.
 */
export async function migratedCopy(file: string): Promise<void> {
  if (existsSync(file)) return;
  const migrated = await migratedTemplate();
  // Checked again after the wait, so two opens of one new file copy it once.
  if (!existsSync(file)) copyFileSync(migrated, file);
}

/** A SQLite database file in a fresh temporary folder of its own. */
export interface TempSqlite {
  /** The folder: the file and anything else the test keeps beside it (a DATA_DIR). */
  dir: string;
  /** The database file (not created until something opens it). */
  file: string;
  /** Opens a connection on the file, migrated as the server's are; close() destroys it. */
  open(): Promise<Knex>;
  /** Puts an empty database, migrated as the server's are, at `file` unless something is there (migratedCopy). */
  migrated(): Promise<void>;
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
  const migrated = () => migratedCopy(file);
  return {
    dir,
    file,
    migrated,
    async open() {
      await migrated();
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
