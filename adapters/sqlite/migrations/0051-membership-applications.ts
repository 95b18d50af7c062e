import type { Knex } from 'knex';

/**
 * Applications to join the club (docs/membership.md, "Joining"): the application as JSON in
 * `document`, its `status` and `createdAt` beside it for the compare-and-set and the listings.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('membership_applications', (t) => {
    t.text('id').primary();
    t.text('status').notNullable();
    t.text('createdAt').notNullable();
    t.text('document').notNullable();
    t.index(['status'], 'membership_applications_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('membership_applications');
}
