import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { readConnection } from './sqlite-read-connection';

type Connection = BetterSqlite3.Database;

/**
 * Hot reads straight on better-sqlite3, with each statement prepared once, instead of knex
 * building and preparing the SQL again on every call. They run on the database's read connection
 * (openSqliteDatabase): public better-sqlite3 API only, seeing every committed write.
 */
export class PreparedReads {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly db: Knex) {}

  /** Runs `work` with the read connection; `statement(sql)` gives the prepared statement for `sql`. */
  async run<T>(work: (statement: (sql: string) => BetterSqlite3.Statement, connection: Connection) => T): Promise<T> {
    const connection = readConnection(this.db);
    const statement = (sql: string) => {
      let found = this.statements.get(sql);
      if (!found) {
        found = connection.prepare(sql);
        this.statements.set(sql, found);
      }
      return found;
    };
    return work(statement, connection);
  }
}
