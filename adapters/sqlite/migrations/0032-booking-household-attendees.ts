import type { Knex } from 'knex';

/**
 * Named attendees (docs/members-households.md): a member's booking stores the household people they named as
 * attending (JSON: person id, name, kind, the place taken, whether at the member price), so admins,
 * the member and a later check-in see who they are. Bookings stored before name no one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('householdAttendees').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('householdAttendees');
  });
}
