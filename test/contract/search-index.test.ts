import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { MemorySearchIndex } from '../../adapters/memory/memory-search-index';
import { SqliteMigrationSource } from '../../adapters/sqlite/sqlite-migration-source';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database';
import { MAX_RANKED_PER_INDEX, SqliteSearchIndex } from '../../adapters/sqlite/sqlite-search-index';
import type { SearchRecord } from '../../core/entities/search-hit';
import { describeSearchIndexContract } from './search-index.contract';

describeSearchIndexContract('MemorySearchIndex', async () => new MemorySearchIndex());

const opened: Knex[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

describeSearchIndexContract('SqliteSearchIndex', async () => {
  const db = await openSqliteDatabase(':memory:');
  opened.push(db);
  return new SqliteSearchIndex(db);
});

describe('SqliteSearchIndex storage', () => {
  it('has its tables from the migrations: a new database searches and stores at once', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    expect(await index.search('anything', { hitsPerIndex: 10 })).toEqual([]);
    await index.upsert('pages', [{ objectID: 'info', type: 'page', category: 'help', title: 'Club Information', path: '/information', tags: [] }]);
    expect((await index.search('club', { hitsPerIndex: 10 })).map((h) => h.path)).toEqual(['/information']);
  });

  it('keeps its records across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyc-search-'));
    try {
      const file = join(dir, 'club.sqlite');
      const first = await openSqliteDatabase(file);
      const before = new SqliteSearchIndex(first);
      await before.upsert('documents', [{ objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', tags: [] }]);
      await first.destroy();

      const second = await openSqliteDatabase(file);
      const after = new SqliteSearchIndex(second);
      const hits = await after.search('fees', { hitsPerIndex: 10 });
      await second.destroy();
      expect(hits.map((h) => [h.index, h.objectID, h.title])).toEqual([['documents', 'fees', 'Membership fees']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rebuilds an index made by an earlier version (no prefix index) from the stored records, when the database is migrated', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    // Back to the database before migration 0004, with the tables as the first version of the
    // index created them (it made them itself on first use), holding one record.
    // (Later migrations are taken back first, one at a time, down to and including 0004.)
    while ((await db('knex_migrations').where({ name: '0004-search-index' })).length > 0) await db.migrate.down({ migrationSource: new SqliteMigrationSource() });
    await db.raw(`CREATE TABLE search_records (id INTEGER PRIMARY KEY, index_name TEXT NOT NULL, object_id TEXT NOT NULL, record TEXT NOT NULL, UNIQUE (index_name, object_id))`);
    await db.raw(`CREATE VIRTUAL TABLE search_fts USING fts5(name, title, subject, description, longdescription, tags, tokenize = 'unicode61 remove_diacritics 2')`);
    const fees: SearchRecord = { objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', description: 'What a season costs', tags: ['money'] };
    await db.raw(`INSERT INTO search_records (id, index_name, object_id, record) VALUES (7, 'documents', 'fees', ?)`, [JSON.stringify(fees)]);
    await db.raw(`INSERT INTO search_records (id, index_name, object_id, record) VALUES (8, 'documents', 'broken', '{not json')`);
    await db.raw(`INSERT INTO search_fts (rowid, title, description, tags) VALUES (7, 'Membership fees', 'What a season costs', 'money')`);
    await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });

    const index = new SqliteSearchIndex(db);
    const hits = await index.search('membership f', { hitsPerIndex: 10 });
    expect(hits.map((h) => [h.index, h.objectID, h.title])).toEqual([['documents', 'fees', 'Membership fees']]);
    expect(hits[0].highlights.title?.filter((s) => s.match).map((s) => s.text)).toEqual(['Membership', 'fees']);
    expect((await index.search('money', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['fees']);
    const tables = (await db.raw(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name LIKE 'search_fts%' AND sql LIKE 'CREATE VIRTUAL%'`)) as { name: string; sql: string }[];
    expect(tables).toHaveLength(1);
    expect(tables[0].sql).toMatch(/prefix\s*=\s*'1 2 3'/);
    // The unreadable record is gone rather than half-indexed; the readable one can still be changed.
    expect((await db.raw(`SELECT object_id FROM search_records ORDER BY id`)).map((r: { object_id: string }) => r.object_id)).toEqual(['fees']);
    await index.remove('documents', ['fees']);
    expect(await index.search('membership', { hitsPerIndex: 10 })).toEqual([]);
  });

  it('keeps the tables and records of a database whose index made them itself, before migration 0004', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const fees: SearchRecord = { objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', tags: ['money'] };
    await new SqliteSearchIndex(db).upsert('documents', [fees]);
    // Back to before migration 0004 with the tables kept, as the index of that version left them.
    await db('knex_migrations').where({ name: '0004-search-index' }).delete();
    await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });

    expect((await db('knex_migrations').select('name')).map((m) => m.name)).toContain('0004-search-index');
    const index = new SqliteSearchIndex(db);
    expect((await index.search('membership f', { hitsPerIndex: 10 })).map((h) => [h.index, h.objectID])).toEqual([['documents', 'fees']]);
    await index.upsert('pages', [{ objectID: 'info', type: 'page', category: 'help', title: 'Club Information', path: '/information', tags: [] }]);
    expect((await index.search('club', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['info']);
  });

  it('answers a one-letter query over more records than it ranks, within each index', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    const count = MAX_RANKED_PER_INDEX + 300;
    const pages = Array.from({ length: count }, (_, i): SearchRecord => ({ objectID: `p${String(i).padStart(4, '0')}`, type: 'page', category: 'general', title: `Tide table ${i}`, tags: [] }));
    await index.replaceAll('pages', pages);
    await index.upsert('events', [{ objectID: 'tea', type: 'event', category: 'event', name: 'Tea on the terrace', tags: [] }]);
    const hits = await index.search('t', { hitsPerIndex: 10 });
    expect(hits.filter((h) => h.index === 'pages')).toHaveLength(10);
    expect(hits.filter((h) => h.index === 'events').map((h) => h.objectID)).toEqual(['tea']);
    for (const hit of hits) expect(hit.highlights.title ?? hit.highlights.name).toContainEqual({ text: 'T' + (hit.index === 'events' ? 'ea' : 'ide'), match: true });
  });

  it('orders records with the same score by objectID, however many tie at the last place', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    // Identical text scores identically; inserted in reverse so that storage order is not the answer.
    const same = Array.from({ length: 60 }, (_, i): SearchRecord => ({ objectID: `n${String(59 - i).padStart(2, '0')}`, type: 'news', category: 'news', subject: 'Slipway closed', tags: [] }));
    await index.replaceAll('news', same);
    const hits = await index.search('slipway', { hitsPerIndex: 10 });
    expect(hits.map((h) => h.objectID)).toEqual(Array.from({ length: 10 }, (_, i) => `n0${i}`));
  });
});
