import type { Knex } from 'knex';
import { addColumns, createTables, dropColumns, dropTables, type TableSpec } from '../sqlite-schema';

/**
 * A booking's life after "Book": how it was paid (card, cash, transfer) and the admin's reference,
 * its cancellation, and its refund (status, amount, the gateway's id or failure, attempts, time).
 * Existing bookings stand, uncancelled, with nothing refunded; paid ones were paid by card.
 * And the append-only audit log: the entry as JSON, with the keys its filters read.
 */
const LIFECYCLE_COLUMNS =
  'paymentMethod text null, paymentReference text null, cancelledAt text null, cancelledBy text null, refundStatus text null, refundAmount integer null, refundId text null, refundFailure text null, refundAttempts integer default:0, refundedAt text null';

const TABLES: Record<string, TableSpec> = {
  audit_log: {
    columns: 'id text primary, atMs bigInteger index:audit_at, recordId text, actorUid text optional, entry text',
    more: (t) => {
      t.index(['recordId', 'atMs'], 'audit_record');
      t.index(['actorUid', 'atMs'], 'audit_actor');
    },
  },
};

export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'bookings', LIFECYCLE_COLUMNS);
  await knex('bookings').where({ paid: 1 }).update({ paymentMethod: 'card' });
  await createTables(knex, TABLES);
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, TABLES);
  await dropColumns(knex, 'bookings', LIFECYCLE_COLUMNS);
}
