import type BetterSqlite3 from 'better-sqlite3';
// knex has no typings for its dialect classes; adapters/sqlite/knex-dialects.d.ts declares this one.
import BetterSqlite3Client from 'knex/lib/dialects/better-sqlite3/index.js';

/** Prepared statements kept per connection, at most; the least recently used goes first. */
export const STATEMENTS_KEPT = 128;

interface KnexQuery {
  sql?: string;
  bindings?: unknown[];
  options?: unknown;
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

/**
 * Each connection's kept statements. Not a field of the client: knex runs a transaction's queries
 * on a copy of the client made from its prototype, without its fields.
 */
const kept = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/**
 * knex's better-sqlite3 client, except that a connection's statements are prepared once and kept
 * by their SQL (docs/storage.md#prepared-statements). knex's own prepares every query afresh:
 * SQLite parses and plans the same few dozen statements on every request, and each prepared one
 * holds memory outside V8's heap until the garbage collector happens to reach its wrapper.
 * Otherwise it runs a query exactly as knex's does.
 */
export class CachingBetterSqlite3Client extends BetterSqlite3Client {
  async _query(connection: BetterSqlite3.Database, obj: KnexQuery): Promise<KnexQuery> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const safeIntegers = this._optSafeIntegers(obj.options);
    const statement = this.statement(connection, obj.sql, safeIntegers);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  /** The connection's statement for `sql`, prepared now if it is not kept (then kept). */
  private statement(connection: BetterSqlite3.Database, sql: string, safeIntegers: boolean | undefined): BetterSqlite3.Statement {
    let statements = kept.get(connection);
    if (!statements) kept.set(connection, (statements = new Map()));
    const key = `${safeIntegers === undefined ? '-' : safeIntegers ? 'B' : 'N'}${sql}`;
    const known = statements.get(key);
    if (known) {
      // Most recently used last: a Map iterates in insertion order.
      statements.delete(key);
      statements.set(key, known);
      return known;
    }
    const statement = connection.prepare(sql);
    if (safeIntegers !== undefined) statement.safeIntegers(safeIntegers);
    if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
    statements.set(key, statement);
    return statement;
  }
}
