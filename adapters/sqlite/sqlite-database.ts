import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteMigrationSource } from './sqlite-migration-source';

/** How long a connection waits for another process's write to finish before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) the SQLite database at `filePath`, or a private in-memory one for
 * ':memory:', and brings its tables up to date. Close it with `db.destroy()`.
 */
export async function openSqliteDatabase(filePath: string): Promise<Knex> {
  if (filePath !== ':memory:') mkdirSync(dirname(filePath), { recursive: true });
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: filePath },
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
          connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  });
  try {
    await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
