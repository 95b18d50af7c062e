import type { Knex } from 'knex';

/**
 * The events' waiting lists (SqliteWaitingList): each entry's fields, its e-mail also in lower
 * case (one entry in line per address and event), and when it joined in ms (the line's order).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('waitlist_entries', (t) => {
    t.text('id').primary();
    t.text('eventId').notNullable();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('emailKey').notNullable();
    t.integer('places').notNullable();
    t.text('joinedAt').notNullable();
    t.bigInteger('joinedAtMs').notNullable();
    t.text('status').notNullable();
    t.text('offeredUntil');
    t.text('updatedAt').notNullable();
    t.index(['eventId', 'joinedAtMs'], 'waitlist_entries_event');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('waitlist_entries');
}
