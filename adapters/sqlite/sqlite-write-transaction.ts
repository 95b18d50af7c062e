import type { Knex } from 'knex';

const queues = new WeakMap<Knex, Promise<unknown>>();

/**
 * Runs `work` in a transaction that holds SQLite's write lock from its first statement, so what
 * it reads cannot change before it writes. Calls on the same database in this process run one
 * after another; another process waits on the lock (busy timeout) instead of interleaving.
 */
export function writeTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const result = previous.then(() =>
    db.transaction(async (trx) => {
      // knex opens transactions with a plain BEGIN, which takes the write lock only at the first
      // write; a read before it could see data another process then changes. A write statement
      // first (it touches no row) takes the lock at once, exactly as BEGIN IMMEDIATE would.
      await trx.raw('UPDATE write_lock SET id = id WHERE 0');
      return work(trx);
    }),
  );
  queues.set(
    db,
    result.catch(() => undefined),
  );
  return result;
}
