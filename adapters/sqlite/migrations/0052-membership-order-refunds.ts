import type { Knex } from 'knex';

/**
 * A membership order's refund (docs/membership.md, "Figures, refunds and the CSV"): when, the
 * refund's id (the gateway's, or `offline-refund-{orderId}` for cash and transfer handed back by
 * hand) and the admin. Null on every order not refunded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('membership_orders', (t) => {
    t.text('refundedAt').nullable();
    t.text('refundId').nullable();
    t.text('refundedBy').nullable();
    t.index(['status'], 'membership_orders_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('membership_orders', (t) => {
    t.dropIndex(['status'], 'membership_orders_status');
    t.dropColumn('refundedAt');
    t.dropColumn('refundId');
    t.dropColumn('refundedBy');
  });
}
