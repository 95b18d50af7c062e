import type { Knex } from 'knex';

/**
 * A larger change of a card-paid booking is paid through its own checkout before it is made
 * (docs/payments.md#changing-a-booking): the booking keeps the change waiting (`pendingChange`,
 * JSON) and counts the attempts (`changeAttempts`, so no change's checkout is ever reused), and
 * `booking_checkouts` finds a booking by any checkout it ever had besides its own `checkoutId`
 * (the webhook and the card form of a change name only the change's checkout).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('pendingChange').nullable();
    t.integer('changeAttempts').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('booking_checkouts', (t) => {
    t.text('checkoutId').primary();
    t.text('bookingId').notNullable();
    t.index(['bookingId'], 'booking_checkouts_booking');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_checkouts');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('pendingChange');
    t.dropColumn('changeAttempts');
  });
}
