import type { Knex } from 'knex';

/**
 * A member changes their booking through the manage link (core/bookings/booking-amendment.ts):
 * each change is kept on the booking as JSON. Bookings stored before: never changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('amendments').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('amendments');
  });
}
