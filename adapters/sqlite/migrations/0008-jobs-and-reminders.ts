import type { Knex } from 'knex';

/**
 * The scheduled jobs (SqliteJobQueue): the job as JSON, and beside it what the runners look up:
 * its kind and status, when it is next due (null once done or given up) and its claim. And the
 * events' "no reminder e-mails" switch: existing events send reminders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable();
    t.text('status').notNullable();
    t.bigInteger('dueAtMs').index('jobs_due');
    t.text('claim');
    t.text('job').notNullable();
  });
  await knex.schema.alterTable('events', (t) => {
    t.integer('remindersOff').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('remindersOff');
  });
  await knex.schema.dropTableIfExists('jobs');
}
