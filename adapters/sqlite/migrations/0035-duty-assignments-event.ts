import type { Knex } from 'knex';

/**
 * A moved event's duties (docs/duties.md) are read and moved by the event's id in the event's write
 * transaction (EventRepository.update's `also.duties`): an index, so the write lock is held as
 * briefly for a club with years of rosters as for a new one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('duty_assignments', (t) => {
    t.index(['eventId'], 'duty_assignments_event');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('duty_assignments', (t) => {
    t.dropIndex(['eventId'], 'duty_assignments_event');
  });
}
