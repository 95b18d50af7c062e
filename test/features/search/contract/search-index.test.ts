import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { MemorySearchIndex } from '../../../../adapters/memory/memory-search-index';
import { SqliteMigrationSource } from '../../../../adapters/sqlite/sqlite-migration-source';
import { openSqliteDatabase } from '../../../../adapters/sqlite/sqlite-database';
import { MAX_RANKED_PER_INDEX, SqliteSearchIndex } from '../../../../adapters/sqlite/sqlite-search-index';
import fc from 'fast-check';
import type { SearchIndexName, SearchRecord } from '../../../../core/search/search-hit';
import { SEARCH_SYNONYMS } from '../../../../core/search/search-synonyms';
import { describeSearchIndexContract } from './search-index.contract';
import { openTempSqlite, tempSqlite } from '../../../support/temp-sqlite';
import { readConnection } from '../../../../adapters/sqlite/sqlite-read-connection';

describeSearchIndexContract('MemorySearchIndex', async () => new MemorySearchIndex());

const opened: Knex[] = [];
const copies: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await Promise.all(copies.splice(0).map((close) => close()));
});

// Each index on a fresh copy of the migrated empty database (test/support/temp-sqlite.ts): the
// properties make one per run, and running the migrations for each took most of this file's time.
describeSearchIndexContract('SqliteSearchIndex', async () => {
  const { db, close } = await openTempSqlite('kyc-search-');
  copies.push(close);
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
    const sqlite = tempSqlite('kyc-search-');
    try {
      const first = await sqlite.open();
      const before = new SqliteSearchIndex(first);
      await before.upsert('documents', [{ objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', tags: [] }]);
      await first.destroy();

      const second = await sqlite.open();
      const after = new SqliteSearchIndex(second);
      const hits = await after.search('fees', { hitsPerIndex: 10 });
      await second.destroy();
      expect(hits.map((h) => [h.index, h.objectID, h.title])).toEqual([['documents', 'fees', 'Membership fees']]);
    } finally {
      await sqlite.close();
    }
  });

  it('rebuilds an index made by an earlier version (no prefix index) from the stored records, when the database is migrated', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    // Back to the database before migration 0004, with the tables as the first version of the
    // index created them (it made them itself on first use), holding one record.
    // (Later migrations are taken back first, one at a time, down to and including 0004.)
    while ((await db('knex_migrations').where({ name: '0004-search-index' })).length > 0)
      await db.migrate.down({ migrationSource: new SqliteMigrationSource() });
    await db.raw(
      `CREATE TABLE search_records (id INTEGER PRIMARY KEY, index_name TEXT NOT NULL, object_id TEXT NOT NULL, record TEXT NOT NULL, UNIQUE (index_name, object_id))`,
    );
    await db.raw(
      `CREATE VIRTUAL TABLE search_fts USING fts5(name, title, subject, description, longdescription, tags, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    const fees: SearchRecord = {
      objectID: 'fees',
      type: 'document',
      category: 'rules',
      title: 'Membership fees',
      description: 'What a season costs',
      tags: ['money'],
    };
    await db.raw(`INSERT INTO search_records (id, index_name, object_id, record) VALUES (7, 'documents', 'fees', ?)`, [JSON.stringify(fees)]);
    await db.raw(`INSERT INTO search_records (id, index_name, object_id, record) VALUES (8, 'documents', 'broken', '{not json')`);
    await db.raw(`INSERT INTO search_fts (rowid, title, description, tags) VALUES (7, 'Membership fees', 'What a season costs', 'money')`);
    await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });

    const index = new SqliteSearchIndex(db);
    const hits = await index.search('membership f', { hitsPerIndex: 10 });
    expect(hits.map((h) => [h.index, h.objectID, h.title])).toEqual([['documents', 'fees', 'Membership fees']]);
    expect(hits[0].highlights.title?.filter((s) => s.match).map((s) => s.text)).toEqual(['Membership', 'fees']);
    expect((await index.search('money', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['fees']);
    const tables = (await db.raw(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name LIKE 'search_fts%' AND sql LIKE 'CREATE VIRTUAL%'`)) as {
      name: string;
      sql: string;
    }[];
    // One full-text table per index (migration 0061), each with the prefix index.
    expect(tables.map((t) => t.name).sort()).toEqual(['search_fts_documents', 'search_fts_events', 'search_fts_news', 'search_fts_pages']);
    for (const table of tables) expect(table.sql).toMatch(/prefix\s*=\s*'1 2 3'/);
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

  it('marks highlights without running the full-text match again (docs/search.md)', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    await index.upsert('events', [{ objectID: 'e1', type: 'event', category: 'racing', name: 'Summer Regatta', description: 'A regatta for all', tags: [] }]);
    const connection = readConnection(db);
    const prepared: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof connection.prepare;
    const [hit] = await index.search('regata', { hitsPerIndex: 10 });
    expect(hit.highlights.name).toEqual([
      { text: 'Summer ', match: false },
      { text: 'Regatta', match: true },
    ]);
    expect(prepared.filter((sql) => sql.includes('highlight('))).toEqual([]);
  });

  it('answers a one-letter query over more records than it ranks, within each index', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    const count = MAX_RANKED_PER_INDEX + 300;
    const pages = Array.from({ length: count }, (_, i): SearchRecord => ({
      objectID: `p${String(i).padStart(4, '0')}`,
      type: 'page',
      category: 'general',
      title: `Tide table ${i}`,
      tags: [],
    }));
    await index.replaceAll('pages', pages);
    await index.upsert('events', [{ objectID: 'tea', type: 'event', category: 'event', name: 'Tea on the terrace', tags: [] }]);
    const hits = await index.search('t', { hitsPerIndex: 10 });
    expect(hits.filter((h) => h.index === 'pages')).toHaveLength(10);
    expect(hits.filter((h) => h.index === 'events').map((h) => h.objectID)).toEqual(['tea']);
    for (const hit of hits)
      expect(hit.highlights.title ?? hit.highlights.name).toContainEqual({ text: 'T' + (hit.index === 'events' ? 'ea' : 'ide'), match: true });
  });

  it('answers a one- or two-letter query from the current records after every write, from this process or another', async () => {
    const { db, file, close } = await openTempSqlite('kyc-search-shared-');
    copies.push(close);
    const other = await openSqliteDatabase(file);
    opened.push(other);
    const here = new SqliteSearchIndex(db);
    const elsewhere = new SqliteSearchIndex(other);
    const page = (objectID: string, title: string): SearchRecord => ({ objectID, type: 'page', category: 'general', title, tags: [] });
    await here.replaceAll('pages', [page('a', 'Slipway rules'), page('b', 'Sailing lessons'), page('c', 'Tide tables')]);
    // What this index answers, in order, must be what a new one (nothing kept) answers now.
    const titles = async (query: string) => {
      const answered = (await here.search(query, { hitsPerIndex: 10 })).map((hit) => hit.title);
      const afresh = (await new SqliteSearchIndex(db).search(query, { hitsPerIndex: 10 })).map((hit) => hit.title);
      expect(answered).toEqual(afresh);
      return [...answered].sort();
    };
    expect(await titles('sl')).toEqual(['Slipway rules']);
    expect(await titles('s')).toEqual(['Sailing lessons', 'Slipway rules']);

    await elsewhere.upsert('pages', [page('d', 'Slalom clinic')]);
    expect(await titles('sl')).toEqual(['Slalom clinic', 'Slipway rules']);
    await here.upsert('pages', [page('a', 'Launching rules')]);
    expect(await titles('sl')).toEqual(['Slalom clinic']);
    expect(await titles('s')).toEqual(['Sailing lessons', 'Slalom clinic']);
    await elsewhere.remove('pages', ['d']);
    expect(await titles('sl')).toEqual([]);
    expect(await titles('s')).toEqual(['Sailing lessons']);
  });

  it('answers a one- or two-letter query asked for a short list and then a longer one as a new index does', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    // Scores that differ (titles of different lengths), so a short list holds fewer rows than a long one.
    const records = Array.from({ length: 30 }, (_, i): SearchRecord => ({
      objectID: `p${String(i).padStart(2, '0')}`,
      type: 'page',
      category: 'general',
      title: `Slipway ${'notes '.repeat(i % 7)}${i}`,
      tags: [],
    }));
    await index.replaceAll('pages', records);
    for (const [query, hitsPerIndex] of [
      ['s', 3],
      ['s', 20],
      ['sl', 5],
      ['sl', 25],
      ['s', 3],
    ] as const) {
      const answered = (await index.search(query, { hitsPerIndex })).map((hit) => hit.objectID);
      const afresh = (await new SqliteSearchIndex(db).search(query, { hitsPerIndex })).map((hit) => hit.objectID);
      expect(answered).toHaveLength(hitsPerIndex);
      expect(answered).toEqual(afresh);
    }
  });

  it('orders records with the same score by objectID, however many tie at the last place', async () => {
    const db = await openSqliteDatabase(':memory:');
    opened.push(db);
    const index = new SqliteSearchIndex(db);
    // Identical text scores identically; inserted in reverse so that storage order is not the answer.
    const same = Array.from({ length: 60 }, (_, i): SearchRecord => ({
      objectID: `n${String(59 - i).padStart(2, '0')}`,
      type: 'news',
      category: 'news',
      subject: 'Slipway closed',
      tags: [],
    }));
    await index.replaceAll('news', same);
    const hits = await index.search('slipway', { hitsPerIndex: 10 });
    expect(hits.map((h) => h.objectID)).toEqual(Array.from({ length: 10 }, (_, i) => `n0${i}`));
  });
});

describe('SqliteSearchIndex: typo tolerance and synonyms (core/search/search-typos.ts, search-synonyms.ts)', () => {
  async function indexWith(records: Partial<Record<SearchIndexName, SearchRecord[]>>): Promise<SqliteSearchIndex> {
    const { db, close } = await openTempSqlite('kyc-search-');
    copies.push(close);
    const index = new SqliteSearchIndex(db);
    for (const [name, list] of Object.entries(records)) await index.upsert(name as SearchIndexName, list);
    return index;
  }
  const event = (objectID: string, name: string, extra: Partial<SearchRecord> = {}): SearchRecord => ({
    objectID,
    type: 'event',
    category: 'event',
    name,
    tags: [],
    ...extra,
  });
  const found = async (index: SqliteSearchIndex, q: string) => (await index.search(q, { hitsPerIndex: 10 })).map((h) => h.objectID);

  it('"Regata" finds the regatta, and marks the word it matched', async () => {
    const index = await indexWith({
      events: [event('regatta', 'Kestrel Open Regatta'), event('party', 'Winter Party')],
      news: [{ objectID: 'results', type: 'news', category: 'news', subject: 'Spring newsletter: regatta results', tags: [] }],
    });
    expect(await found(index, 'Regata')).toEqual(['regatta', 'results']);
    const [hit] = await index.search('regata', { hitsPerIndex: 10 });
    expect(hit.highlights.name).toEqual([
      { text: 'Kestrel Open ', match: false },
      { text: 'Regatta', match: true },
    ]);
    // A typo in an earlier word too, and a word still being typed.
    expect(await found(index, 'regata res')).toEqual(['results']);
    expect(await found(index, 'kestrl open')).toEqual(['regatta']);
    expect(await found(index, 'regtat')).toEqual(['regatta', 'results']);
  });

  it('allows one typo from 5 letters and two from 9, none below 5', async () => {
    const index = await indexWith({
      documents: [
        { objectID: 'fees', type: 'document', category: 'rules', title: 'Membership fees', tags: [] },
        { objectID: 'rice', type: 'document', category: 'galley', title: 'Rice pudding', tags: [] },
      ],
    });
    expect(await found(index, 'race')).toEqual([]); // 4 letters: "rice" is one typo away, but none is allowed
    expect(await found(index, 'ricee')).toEqual(['rice']); // 5 letters, one typo
    expect(await found(index, 'membreshp')).toEqual(['fees']); // 9 letters, two typos (a swap and a missing letter)
    expect(await found(index, 'membrshp')).toEqual([]); // 8 letters: two typos are one too many
    expect(await found(index, 'nemebrshp fees')).toEqual([]); // 9 letters, three typos (n for m, a swap, a missing i)
  });

  it('ranks exact matches before typo matches in each index', async () => {
    const index = await indexWith({
      events: [
        // The typo record is indexed first and matches in its name; the exact one only in its long description.
        event('typo', 'Moring notes', { description: 'Moring notes for the season' }),
        event('exact', 'Open day', { longdescription: 'Ask about a mooring.' }),
      ],
    });
    expect(await found(index, 'mooring')).toEqual(['exact', 'typo']);
    expect(await found(index, 'moring')).toEqual(['typo', 'exact']);
  });

  it('sees new words at once: the vocabulary follows every write', async () => {
    const index = await indexWith({ pages: [{ objectID: 'a', type: 'page', category: 'general', title: 'Tide tables', tags: [] }] });
    expect(await found(index, 'launchng')).toEqual([]);
    await index.upsert('pages', [{ objectID: 'b', type: 'page', category: 'general', title: 'Launching trolleys', tags: [] }]);
    expect(await found(index, 'launchng')).toEqual(['b']);
    await index.remove('pages', ['b']);
    expect(await found(index, 'launchng')).toEqual([]);
  });

  it('"AGM" finds the Annual General Meeting as well as what says AGM; "safety boat" finds the RIBs', async () => {
    const index = await indexWith({
      events: [event('agm', 'Annual General Meeting'), event('open', 'Open Meeting')],
      documents: [{ objectID: 'constitution', type: 'document', category: 'rules', title: 'Club Constitution', tags: ['AGM'] }],
      news: [{ objectID: 'rib', type: 'news', category: 'news', subject: 'Our new RIB has arrived', tags: [] }],
    });
    expect((await found(index, 'AGM')).sort()).toEqual(['agm', 'constitution']);
    expect(await found(index, 'safety boat')).toEqual(['rib']);
    expect(await found(index, 'rescue boat')).toEqual(['rib']);
    // A phrase synonym needs its words in order: "meeting general" is not the AGM.
    expect(await found(index, 'rib')).toEqual(['rib']);
    const [hit] = await index.search('agm', { hitsPerIndex: 10 });
    expect(
      hit.highlights.name
        ?.filter((s) => s.match)
        .map((s) => s.text)
        .join(' '),
    ).toBe('Annual General Meeting');
  });

  it('finds a record holding any entry of a synonym group by any other entry of it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SEARCH_SYNONYMS), fc.nat(), fc.nat(), async (group, i, j) => {
        const stored = group[i % group.length];
        const typed = group[j % group.length];
        const index = await indexWith({ pages: [{ objectID: 'p', type: 'page', category: 'general', title: `Notes on ${stored} for members`, tags: [] }] });
        expect(await found(index, typed), `${typed} → ${stored}`).toEqual(['p']);
      }),
      { numRuns: 40 },
    );
  });
});
