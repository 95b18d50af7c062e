import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';

const queues = new WeakMap<Knex, Promise<unknown>>();

/** Runs `work` after every write transaction of this process on `db` that was asked for before it. */
function queued<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const result = previous.then(work);
  queues.set(
    db,
    result.catch(() => undefined),
  );
  return result;
}

/**
 * Runs `work` in a transaction that holds SQLite's write lock from its first statement, so what
 * it reads cannot change before it writes. Calls on the same database in this process run one
 * after another; another process waits on the lock (busy timeout) instead of interleaving.
 */
export function writeTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return queued(db, () =>
    db.transaction(async (trx) => {
      // knex opens transactions with a plain BEGIN, which takes the write lock only at the first
      // write; a read before it could see data another process then changes. A write statement
      // first (it touches no row) takes the lock at once, exactly as BEGIN IMMEDIATE would.
      await trx.raw('UPDATE write_lock SET id = id WHERE 0');
      return work(trx);
    }),
  );
}

/** The statements of a prepared write transaction, each prepared once per connection. */
export interface PreparedWrites {
  /** `sql` as a prepared statement of the transaction's connection. */
  statement(sql: string): BetterSqlite3.Statement;
  /** Inserts `rows` into `table`, each with its fields that are not undefined (as knex's insert does). */
  insert(table: string, rows: readonly Record<string, unknown>[]): void;
  /** Sets the fields of `fields` that are not undefined on the row of `table` whose id is `id`; how many rows changed. */
  update(table: string, id: string, fields: Record<string, unknown>): number;
}

/** A row's fields that are not undefined (knex leaves undefined fields out of an insert or update). */
function definedFields(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

/**
 * Each connection's statements, prepared once, and its transaction function: better-sqlite3's
 * `transaction()` builds a new wrapper (and looks up its BEGIN/COMMIT statements) on every call,
 * a measurable share of a booking's CPU when made per request (docs/performance.md).
 */
interface ConnectionWrites {
  writes: PreparedWrites;
  /** One work in a transaction of its own, or in a savepoint when called inside `group`'s. */
  transaction: BetterSqlite3.Transaction<(work: (writes: PreparedWrites) => unknown) => unknown>;
  /** Runs `works` in one transaction (a group commit). */
  group: BetterSqlite3.Transaction<(works: () => unknown) => unknown>;
}
const writesByConnection = new WeakMap<BetterSqlite3.Database, ConnectionWrites>();

function writesOn(connection: BetterSqlite3.Database): ConnectionWrites {
  const known = writesByConnection.get(connection);
  if (known) return known;
  const statements = new Map<string, BetterSqlite3.Statement>();
  const inserts = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let found = statements.get(sql);
    if (!found) {
      found = connection.prepare(sql);
      statements.set(sql, found);
    }
    return found;
  };
  const writes: PreparedWrites = {
    statement,
    update(table, id, fields) {
      const { id: _id, ...values } = definedFields(fields);
      const assignments = Object.keys(values)
        .map((column) => `"${column}" = @${column}`)
        .join(', ');
      return statement(`UPDATE "${table}" SET ${assignments} WHERE id = @id`).run({ ...values, id }).changes;
    },
    insert(table, rows) {
      for (const row of rows) {
        const values = definedFields(row);
        const columns = Object.keys(values);
        // The statement of each table and set of columns, found without building its SQL again.
        const key = `${table}\u0000${columns.join('\u0000')}`;
        let insert = inserts.get(key);
        if (!insert) {
          insert = statement(
            `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
          );
          inserts.set(key, insert);
        }
        insert.run(values);
      }
    },
  };
  const made: ConnectionWrites = {
    writes,
    transaction: connection.transaction((work: (writes: PreparedWrites) => unknown) => work(writes)),
    group: connection.transaction((works: () => unknown) => works()),
  };
  writesByConnection.set(connection, made);
  return made;
}

/** A prepared write transaction waiting for its group's turn, and how to answer its caller. */
interface Waiting {
  work: (writes: PreparedWrites) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Each database's group of prepared write transactions that has not started yet, which later ones join. */
const gathering = new WeakMap<Knex, Waiting[]>();

/** The most transactions one group commit holds, so that a long queue still answers in steps. */
export const MAX_GROUP = 100;

/** One work's outcome inside a group: its result, or the error that undid its savepoint. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * The same write transaction as writeTransaction (the write lock from its start, BEGIN IMMEDIATE;
 * all of `work` or none of it; in the same queue as every other write transaction of this process),
 * for the hot paths: `work` runs synchronously on the database's connection with statements
 * prepared once, where knex builds and prepares every statement again and takes several
 * asynchronous steps for each (most of a booking's cost: docs/performance.md).
 *
 * The calls made while the queue is busy wait as one group and are committed together (a group
 * commit, ADR 76): each work in a savepoint of its own, so one that throws undoes only its own
 * writes and gets its own error, and each sees the writes of the works before it, as if run one
 * after another. Every caller is answered after the group's COMMIT; when the group cannot commit,
 * every caller in it gets the error and nothing of the group is written.
 */
export function preparedWriteTransaction<T>(db: Knex, work: (writes: PreparedWrites) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const waiting: Waiting = { work, resolve: resolve as (value: unknown) => void, reject };
    const open = gathering.get(db);
    if (open && open.length < MAX_GROUP) {
      open.push(waiting);
      return;
    }
    const group = [waiting];
    gathering.set(db, group);
    void queued(db, async () => {
      // The group gathers until the event loop's next turn, so that the calls of the requests read
      // in this one (many, under load) commit together; from then on later calls gather in the next.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (gathering.get(db) === group) gathering.delete(db);
      await commitGroup(db, group);
    });
  });
}

async function commitGroup(db: Knex, group: readonly Waiting[]): Promise<void> {
  let outcomes: Outcome[];
  try {
    const connection = (await db.client.acquireConnection()) as BetterSqlite3.Database;
    try {
      const { transaction, group: inOneTransaction } = writesOn(connection);
      if (group.length === 1) {
        outcomes = [{ ok: true, value: transaction.immediate(group[0].work) }];
      } else {
        outcomes = inOneTransaction.immediate(() =>
          group.map(({ work }): Outcome => {
            try {
              return { ok: true, value: transaction(work) };
            } catch (error) {
              // SQLite ended the whole transaction (a full disk, say): the group's earlier works are
              // undone too, so the group fails as one.
              if (!connection.inTransaction) throw error;
              return { ok: false, error };
            }
          }),
        ) as Outcome[];
      }
    } finally {
      await db.client.releaseConnection(connection);
    }
  } catch (error) {
    outcomes = group.map(() => ({ ok: false, error }));
  }
  group.forEach((waiting, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) waiting.resolve(outcome.value);
    else waiting.reject(outcome.error);
  });
}
