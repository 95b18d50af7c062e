import type { Knex } from 'knex';

/**
 * A booking's life after "Book": how it was paid (card, cash, transfer) and the admin's reference,
 * its cancellation, and its refund (status, amount, the gateway's id or failure, attempts, time).
 * Existing bookings stand, uncancelled, with nothing refunded; paid ones were paid by card.
 * And the append-only audit log: the entry as JSON, with the keys its filters read.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('paymentMethod').nullable();
    t.text('paymentReference').nullable();
    t.text('cancelledAt').nullable();
    t.text('cancelledBy').nullable();
    t.text('refundStatus').nullable();
    t.integer('refundAmount').nullable();
    t.text('refundId').nullable();
    t.text('refundFailure').nullable();
    t.integer('refundAttempts').notNullable().defaultTo(0);
    t.text('refundedAt').nullable();
  });
  await knex('bookings').where({ paid: 1 }).update({ paymentMethod: 'card' });
  await knex.schema.createTable('audit_log', (t) => {
    t.text('id').primary();
    t.bigInteger('atMs').notNullable().index('audit_at');
    t.text('recordId').notNullable();
    t.text('actorUid');
    t.text('entry').notNullable();
    t.index(['recordId', 'atMs'], 'audit_record');
    t.index(['actorUid', 'atMs'], 'audit_actor');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_log');
  await knex.schema.alterTable('bookings', (t) => {
    for (const column of ['paymentMethod', 'paymentReference', 'cancelledAt', 'cancelledBy', 'refundStatus', 'refundAmount', 'refundId', 'refundFailure', 'refundAttempts', 'refundedAt']) {
      t.dropColumn(column);
    }
  });
}
