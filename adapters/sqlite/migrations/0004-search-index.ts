import type { Knex } from 'knex';
import { createSearchTables } from '../sqlite-search-index';

/**
 * The embedded search index's tables (SqliteSearchIndex): made here rather than by the index on
 * first use. A database that already has them (made by the index before this migration) keeps
 * them; one with the first full-text table is rebuilt from its stored records.
 */
export async function up(knex: Knex): Promise<void> {
  await createSearchTables(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS search_fts_v2');
  await knex.schema.dropTableIfExists('search_records');
}
