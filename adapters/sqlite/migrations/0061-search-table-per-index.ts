import type { Knex } from 'knex';

/**
 * One FTS5 table per search index (search_fts_events, search_fts_documents, search_fts_news,
 * search_fts_pages), rowid = the search_records id, in place of search_fts_v2's four rowid ranges:
 * bm25 counts each query word's records over the whole table it ranks in, once per statement, so
 * with one table for all four indexes each keystroke counted the whole table four times
 * (docs/search.md#how-the-embedded-index-ranks). Same columns, tokenizer and prefix index.
 *
 * And search_version, a counter raised by every change to search_records (triggers), so that what
 * the index keeps between searches (the words for typo tolerance) lasts until the search's own
 * data changes, not until any write to the database.
 *
 * The index names are spelled out: a migration must not change when the app's list does.
 */
const INDEXES = ['events', 'documents', 'news', 'pages'] as const;
const COLUMNS = 'name, title, subject, description, longdescription, tags';
const INDEX_SPAN = 2 ** 40;

export async function up(knex: Knex): Promise<void> {
  for (const [i, index] of INDEXES.entries()) {
    await knex.raw(
      `CREATE VIRTUAL TABLE search_fts_${index} USING fts5(
        ${COLUMNS},
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      )`,
    );
    await knex.raw(
      `INSERT INTO search_fts_${index} (rowid, ${COLUMNS})
       SELECT rowid - ${i * INDEX_SPAN}, ${COLUMNS} FROM search_fts_v2 WHERE rowid >= ${i * INDEX_SPAN} AND rowid < ${(i + 1) * INDEX_SPAN}`,
    );
  }
  await knex.raw('DROP TABLE search_fts_v2');
  await knex.raw('CREATE TABLE search_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
  await knex.raw('INSERT INTO search_version (id, version) VALUES (1, 0)');
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await knex.raw(
      `CREATE TRIGGER search_records_${event.toLowerCase()}_version AFTER ${event} ON search_records
       BEGIN UPDATE search_version SET version = version + 1 WHERE id = 1; END`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) await knex.raw(`DROP TRIGGER IF EXISTS search_records_${event.toLowerCase()}_version`);
  await knex.raw('DROP TABLE IF EXISTS search_version');
  await knex.raw(
    `CREATE VIRTUAL TABLE search_fts_v2 USING fts5(
      ${COLUMNS},
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3'
    )`,
  );
  for (const [i, index] of INDEXES.entries()) {
    await knex.raw(`INSERT INTO search_fts_v2 (rowid, ${COLUMNS}) SELECT rowid + ${i * INDEX_SPAN}, ${COLUMNS} FROM search_fts_${index}`);
    await knex.raw(`DROP TABLE search_fts_${index}`);
  }
}
