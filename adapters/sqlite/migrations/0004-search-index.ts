import type { Knex } from 'knex';
import { SEARCH_INDEXES, SearchRecordSchema } from '../../../core/search/search-hit';
import { indexableText } from '../sqlite-search-index';

/**
 * The embedded search index's tables (SqliteSearchIndex), defined here rather than made by the
 * index on first use: search_records keeps each record and which index it is in; search_fts_v2
 * (FTS5) holds their text, one column per highlighted field and one for the tags, with the
 * postings of every 1- to 3-character prefix kept (prefix='1 2 3') for the word still being typed.
 *
 * Earlier versions of the app made these tables themselves, so a database may already have them:
 * each is made only if missing, and what it holds is kept. A database with only the first
 * full-text table (`search_fts`, without the prefix index) gets search_fts_v2 filled from its
 * stored records, and the old table dropped.
 */
/** search_fts_v2's rowid: the index's number × 2^40 + the search_records id (each index a rowid range). */
function ftsRowid(index: (typeof SEARCH_INDEXES)[number], id: number): number {
  return SEARCH_INDEXES.indexOf(index) * 2 ** 40 + id;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE TABLE IF NOT EXISTS search_records (
      id INTEGER PRIMARY KEY,
      index_name TEXT NOT NULL,
      object_id TEXT NOT NULL,
      record TEXT NOT NULL,
      UNIQUE (index_name, object_id)
    )`,
  );
  const [fts] = await knex.raw(`SELECT 1 FROM sqlite_master WHERE name = 'search_fts_v2'`);
  if (fts) return;
  await knex.raw(
    `CREATE VIRTUAL TABLE search_fts_v2 USING fts5(
      name, title, subject, description, longdescription, tags,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3'
    )`,
  );
  const rows: { id: number; index_name: string; record: string }[] = await knex.raw(`SELECT id, index_name, record FROM search_records`);
  for (const row of rows) {
    const index = SEARCH_INDEXES.find((name) => name === row.index_name);
    const parsed = SearchRecordSchema.safeParse(safeJson(row.record));
    if (index && parsed.success) {
      const { name, title, subject, description, longdescription, tags } = parsed.data;
      await knex.raw(`INSERT INTO search_fts_v2 (rowid, name, title, subject, description, longdescription, tags) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
        ftsRowid(index, row.id),
        ...[name, title, subject, description, longdescription, tags.join(' ')].map((text) => indexableText(text ?? '')),
      ]);
    } else {
      // A record that is not readable any more cannot be shown: it is dropped, not left half-indexed.
      await knex.raw(`DELETE FROM search_records WHERE id = ?`, [row.id]);
    }
  }
  await knex.raw(`DROP TABLE IF EXISTS search_fts`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS search_fts_v2');
  await knex.schema.dropTableIfExists('search_records');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
