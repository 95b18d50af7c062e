import type { Knex } from 'knex';

/**
 * Work days an admin archived (SqliteWorkDayRepository): NULL for a day that never had the flag,
 * so it reads back exactly as stored. A job's `closed` flag lives in the jobs' JSON and needs no
 * column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('work_days', (t) => {
    t.integer('archived').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('work_days', (t) => {
    t.dropColumn('archived');
  });
}
