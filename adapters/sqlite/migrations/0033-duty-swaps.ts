import type { Knex } from 'knex';

/**
 * Duty swap requests (SqliteDutySwapRepository, docs/duties.md): one row per request, its duty's time
 * copied from the assignment handed over; at most one open request per member and slot (a
 * partial unique index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('duty_swaps', (t) => {
    t.text('id').primary();
    t.text('slotId').notNullable();
    t.text('eventId').notNullable();
    t.text('fromMemberId').notNullable().index('duty_swaps_from_member');
    t.text('toMemberId');
    t.text('start').notNullable();
    t.text('end').notNullable();
    t.text('createdAt').notNullable();
    t.integer('createdAtMs').notNullable();
    t.text('status').notNullable();
    t.text('takenBy');
    t.text('takenAt');
  });
  await knex.raw(`CREATE UNIQUE INDEX duty_swaps_one_open ON duty_swaps ("slotId", "fromMemberId") WHERE status = 'open'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('duty_swaps');
}
