import type { Knex } from 'knex';

/**
 * News items written in the app live beside the imported campaigns in `campaigns`: a row with a
 * `body` (Markdown) is a news item, `finished_at` its publish time, `status` draft or published
 * (imported campaigns are published), and when it was written and last changed. Existing rows
 * (the demo's campaigns) keep working: no body, published.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.text('body').nullable();
    t.text('status').notNullable().defaultTo('published');
    t.text('created_at').nullable();
    t.text('updated_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('updated_at');
    t.dropColumn('created_at');
    t.dropColumn('status');
    t.dropColumn('body');
  });
}
