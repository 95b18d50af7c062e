import type { Knex } from 'knex';

/**
 * Whether a duty slot allows its holder a second duty the same day in the rota fill
 * (docs/duties.md, "Filling the rota"): 0 (no) for every slot stored before. Templates keep it in
 * their JSON record, read with the same default.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('duty_slots', (t) => {
    t.integer('allowsSecondDuty').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('duty_slots', (t) => {
    t.dropColumn('allowsSecondDuty');
  });
}
