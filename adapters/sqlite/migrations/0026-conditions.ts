import type { Knex } from 'knex';

/**
 * The go/no-go's records (SqliteConditionsRepository): the club's limits, the last forecast, and
 * one row per event with its kind and decisions, each a JSON document under its key ('limits',
 * 'forecast', 'event:<id>'): read and written whole, never queried inside.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conditions', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('conditions');
}
