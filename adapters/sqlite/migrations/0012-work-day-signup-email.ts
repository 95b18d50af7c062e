import type { Knex } from 'knex';

/**
 * A work-day sign-up's optional e-mail address (its confirmation, withdraw link and reminder go
 * there); null for a sign-up without one, and for every sign-up stored before this migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('work_day_signups', (t) => {
    t.text('email');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('work_day_signups', (t) => {
    t.dropColumn('email');
  });
}
