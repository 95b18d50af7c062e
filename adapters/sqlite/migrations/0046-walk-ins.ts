import type { Knex } from 'knex';

/**
 * Walk-ins on the officer of the day's sheet (docs/officer-of-the-day.md#walk-ins): one row per
 * walk-in added, by the id the officer's device made, its details as JSON under `value`. A walk-in
 * removed keeps its row without details (`value` null), so its adding sent again stays applied once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('walk_ins', (t) => {
    t.text('id').primary();
    t.text('eventId').notNullable().index('walk_ins_event');
    t.text('addedAt').notNullable();
    t.text('value').nullable();
    t.text('removedAt').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('walk_ins');
}
