import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import knex, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteMigrationSource } from './sqlite-migration-source';
import { CachingBetterSqlite3Client } from './sqlite-statement-cache';
import { registerReadConnection } from './sqlite-read-connection';

/** How long a connection waits for another process's write to finish before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Each connection's page cache, at most, in KiB (docs/storage.md#memory, ADR 81). better-sqlite3
 * is built with 16 MB a connection; the write connection keeps SQLite's own default of 2 MB (what
 * it writes is appended, its hot pages few), the read connection room for the search index's
 * pages at the bench's 10,000 records.
 */
export const WRITE_CACHE_KIB = 2000;
export const READ_CACHE_KIB = 8000;

/**
 * Opens (creating if needed) the SQLite database at `filePath`, or a private throwaway one for
 * ':memory:' (a file in the system's temporary folder, removed when closed, so that its read
 * connection can see it too), and brings its tables up to date. Close it with `db.destroy()`.
 */
export async function openSqliteDatabase(filePath: string): Promise<Knex> {
  const throwaway = filePath === ':memory:' ? mkdtempSync(join(tmpdir(), 'kyc-db-')) : null;
  const file = throwaway ? join(throwaway, 'db.sqlite') : filePath;
  if (!throwaway) mkdirSync(dirname(file), { recursive: true });
  const db = knex({
    // knex's better-sqlite3 client, keeping each connection's prepared statements.
    client: CachingBetterSqlite3Client,
    connection: { filename: file },
    useNullAsDefault: true,
    // One connection per process: better-sqlite3 is synchronous, so more connections would not
    // run queries in parallel, and an in-memory database lives only as long as its connection.
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: BetterSqlite3.Database, done: (error: Error | null, connection: unknown) => void) {
        try {
          connection.pragma('journal_mode = WAL');
          connection.pragma('synchronous = NORMAL');
          connection.pragma('foreign_keys = ON');
          // Freed space is zeroed, so the file keeps no copy of an erased or anonymised person
          // (docs/data-protection.md#the-database-files).
          connection.pragma('secure_delete = ON');
          connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
          connection.pragma(`cache_size = -${WRITE_CACHE_KIB}`);
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  });
  let reader: BetterSqlite3.Database;
  try {
    await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });
    reader = new Database(file, { readonly: true, fileMustExist: true });
    reader.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    reader.pragma(`cache_size = -${READ_CACHE_KIB}`);
  } catch (error) {
    await db.destroy();
    if (throwaway) rmSync(throwaway, { recursive: true, force: true });
    throw error;
  }
  // Closing the database closes its read connection too (and removes a throwaway one's file).
  // knex's own `destroy` cannot be replaced, so the instance handed out wraps it.
  const destroy = async () => {
    if (reader.open) reader.close();
    await db.destroy();
    if (throwaway) rmSync(throwaway, { recursive: true, force: true });
  };
  const opened = new Proxy(db, { get: (target, property, receiver) => (property === 'destroy' ? destroy : Reflect.get(target, property, receiver)) });
  registerReadConnection(opened, reader);
  return opened;
}
