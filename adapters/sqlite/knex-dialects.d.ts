/**
 * knex's better-sqlite3 dialect class, which knex ships without typings: the members
 * adapters/sqlite/sqlite-statement-cache.ts uses or overrides.
 */
declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  import type { Knex } from 'knex';
  export default class BetterSqlite3Client extends Knex.Client {
    _optSafeIntegers(options: unknown): boolean | undefined;
    _formatBindings(bindings: unknown[] | undefined): unknown[];
  }
}
