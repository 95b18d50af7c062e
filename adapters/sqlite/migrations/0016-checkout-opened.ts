import type { Knex } from 'knex';

/**
 * When the member first opened an unpaid booking's checkout (its card step): until then the
 * booking holds its places for 10 minutes, after it for 30 (core/bookings/booking-state.ts). Null for
 * every booking stored before this migration, and for those never opened.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('checkoutOpenedAt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('checkoutOpenedAt');
  });
}
