import type { Knex } from 'knex';

/**
 * The Beginners and Information pages' words as admins saved them (SqliteSitePageRepository), one
 * row per page, keyed by its slug. A page with no row shows its original words (core/site-pages).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_pages', (t) => {
    t.text('slug').primary();
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.text('updatedAt').notNullable();
    t.text('updatedBy').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('site_pages');
}
