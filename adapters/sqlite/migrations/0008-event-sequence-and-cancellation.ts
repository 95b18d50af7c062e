import type { Knex } from 'knex';

/**
 * An event's revision number for calendars (RFC 5545 SEQUENCE, raised on every change) and its
 * cancellation (when, and why). Existing events are on their first revision and stand.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.integer('sequence').notNullable().defaultTo(0);
    t.text('cancelledAt').nullable();
    t.text('cancelReason').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    for (const column of ['sequence', 'cancelledAt', 'cancelReason']) t.dropColumn(column);
  });
}
