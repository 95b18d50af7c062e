import type { Knex } from 'knex';

/**
 * Membership orders (docs/membership.md, "Orders and payments"): what a renewal or joining
 * payment buys. `householdMemberIds` is JSON (a list of member ids); a payment is recorded in
 * the same write transaction as the members' renewal dates it moves.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('membership_orders', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable();
    t.text('memberId').nullable();
    t.text('applicationId').nullable();
    t.text('categoryId').notNullable();
    t.text('householdMemberIds').notNullable();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('paysUntil').notNullable();
    t.text('method').notNullable();
    t.text('status').notNullable();
    t.text('paymentId').nullable();
    t.text('paidAt').nullable();
    t.text('appliedAt').nullable();
    t.text('confirmedBy').nullable();
    t.text('createdAt').notNullable();
    t.index(['memberId'], 'membership_orders_member');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('membership_orders');
}
