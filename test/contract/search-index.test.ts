import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { MemorySearchIndex } from '../../adapters/memory/memory-search-index';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database';
import { SqliteSearchIndex } from '../../adapters/sqlite/sqlite-search-index';
import { describeSearchIndexContract } from './search-index.contract';

describeSearchIndexContract('MemorySearchIndex', async () => new MemorySearchIndex());

const opened: Knex[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

describeSearchIndexContract('SqliteSearchIndex', async () => {
  const db = await openSqliteDatabase(':memory:');
  opened.push(db);
  const index = new SqliteSearchIndex(db);
  await index.init();
  return index;
});

describe('SqliteSearchIndex storage', () => {
  it('creates its tables on first use when nobody called init()', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    expect(await index.search('anything', { hitsPerIndex: 10 })).toEqual([]);
    await index.upsert('pages', [{ objectID: 'info', type: 'page', category: 'help', title: 'Club Information', path: '/information', tags: [] }]);
    expect((await index.search('club', { hitsPerIndex: 10 })).map((h) => h.path)).toEqual(['/information']);
  });

  it('keeps its records across restarts and init() is safe to call again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-search-'));
    try {
      const file = join(dir, 'club.sqlite');
      const first = await openSqliteDatabase(file);
      const before = new SqliteSearchIndex(first);
      await before.init();
      await before.upsert('documents', [{ objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', tags: [] }]);
      await before.init();
      await first.destroy();

      const second = await openSqliteDatabase(file);
      const after = new SqliteSearchIndex(second);
      await after.init();
      const hits = await after.search('fees', { hitsPerIndex: 10 });
      await second.destroy();
      expect(hits.map((h) => [h.index, h.objectID, h.title])).toEqual([['documents', 'fees', 'Membership fees']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
