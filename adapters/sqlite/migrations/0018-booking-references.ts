import type { Knex } from 'knex';

/**
 * A booking's short reference (`KYC-7F3K9`, core/bookings/booking-reference.ts), unique: the index
 * refuses a second booking with one already given, and the booking is then tried with another.
 * Null for the bookings stored before; the server gives each of them one at start
 * (BookingRepository.assignMissingReferences), with the club's prefix, which a migration cannot know.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('reference');
  });
  // SQLite lets a unique index hold many NULLs: the bookings not yet given one.
  await knex.schema.raw('CREATE UNIQUE INDEX bookings_reference ON bookings (reference)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.raw('DROP INDEX bookings_reference');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('reference');
  });
}
