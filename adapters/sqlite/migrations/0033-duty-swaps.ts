import type { Knex } from 'knex';
import { createTables, dropTables } from '../sqlite-schema';

/**
 * Duty swap requests (SqliteDutySwapRepository, docs/duties.md): one row per request, its duty's time
 * copied from the assignment handed over; at most one open request per member and slot (a
 * partial unique index).
 */
const TABLES = {
  duty_swaps:
    'id text primary, slotId text, eventId text, fromMemberId text index:duty_swaps_from_member, toMemberId text optional, start text, end text, createdAt text, createdAtMs integer, status text, takenBy text optional, takenAt text optional',
};

export async function up(knex: Knex): Promise<void> {
  await createTables(knex, TABLES);
  await knex.raw(`CREATE UNIQUE INDEX duty_swaps_one_open ON duty_swaps ("slotId", "fromMemberId") WHERE status = 'open'`);
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, TABLES);
}
