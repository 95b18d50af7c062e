import type { Knex } from 'knex';

/**
 * The outbox of e-mails to members (SqliteOutbox): the message as JSON, and beside it what the
 * senders look up: its status, when it is next due (null once sent or given up) and its claim.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable();
    t.text('recordId');
    t.text('status').notNullable();
    t.bigInteger('createdAtMs').notNullable().index('outbox_created');
    t.bigInteger('dueAtMs').index('outbox_due');
    t.text('claim');
    t.text('message').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox');
}
