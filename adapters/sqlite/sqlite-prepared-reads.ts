import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';

type Connection = BetterSqlite3.Database;
interface PooledClient {
  acquireConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<unknown>;
}

/**
 * Hot reads straight on better-sqlite3, with each statement prepared once per connection,
 * instead of knex building and preparing the SQL again on every call. The connection is taken
 * from knex's pool (one connection, see openSqliteDatabase), so a read still waits for a write
 * transaction of this process to finish, exactly as a knex query would.
 */
export class PreparedReads {
  private readonly prepared = new WeakMap<Connection, Map<string, BetterSqlite3.Statement>>();

  constructor(private readonly db: Knex) {}

  /** Runs `work` with the connection; `statement(sql)` gives the prepared statement for `sql`. */
  async run<T>(work: (statement: (sql: string) => BetterSqlite3.Statement, connection: Connection) => T): Promise<T> {
    const client = this.db.client as PooledClient;
    const connection = await client.acquireConnection();
    try {
      let cache = this.prepared.get(connection);
      if (!cache) {
        cache = new Map();
        this.prepared.set(connection, cache);
      }
      const statements = cache;
      const statement = (sql: string) => {
        let found = statements.get(sql);
        if (!found) {
          found = connection.prepare(sql);
          statements.set(sql, found);
        }
        return found;
      };
      return work(statement, connection);
    } finally {
      await client.releaseConnection(connection);
    }
  }
}
