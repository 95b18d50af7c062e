import type { Knex } from 'knex';

/**
 * The reason an admin gave when cancelling one booking (told to the member in the cancellation
 * e-mail, and in the audit entry). Null for every booking stored before this migration, and for
 * those cancelled without one. (Refunds to repay by hand, refundStatus 'by-hand', need no column:
 * refundStatus is text.)
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('cancelReason');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('cancelReason');
  });
}
