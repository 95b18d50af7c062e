import { afterAll } from 'vitest';
import knex, { type Knex } from 'knex';
import { MemorySearchIndex } from '../../adapters/memory/memory-search-index';
import { SqliteSearchIndex } from '../../adapters/sqlite/sqlite-search-index';
import { describeSearchIndexContract } from './search-index.contract';

describeSearchIndexContract('MemorySearchIndex', async () => new MemorySearchIndex());

const opened: Knex[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

describeSearchIndexContract('SqliteSearchIndex', async () => {
  const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  opened.push(db);
  const index = new SqliteSearchIndex(db);
  await index.init();
  return index;
});
