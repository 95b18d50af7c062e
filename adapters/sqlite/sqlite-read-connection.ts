import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';

const readConnections = new WeakMap<Knex, BetterSqlite3.Database>();

/**
 * The database's read connection: a second better-sqlite3 connection to the same file, opened
 * read-only, on which the adapters run their hot reads with statements prepared once. It sees
 * what has been committed (WAL), never a write transaction half done, and does not wait for one.
 */
export function readConnection(db: Knex): BetterSqlite3.Database {
  const connection = readConnections.get(db);
  if (!connection) throw new Error('This database was not opened by openSqliteDatabase');
  return connection;
}

/** Made by openSqliteDatabase once the database is migrated. */
export function registerReadConnection(db: Knex, connection: BetterSqlite3.Database): void {
  readConnections.set(db, connection);
}
