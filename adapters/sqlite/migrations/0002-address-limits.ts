import type { Knex } from 'knex';

/** The booking-spam counters per client address (SqliteAddressLimitStore). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('address_hits', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable();
    t.bigInteger('resetAtMs').notNullable().index('address_hits_reset');
  });
  await knex.schema.createTable('address_place_holds', (t) => {
    t.text('key').notNullable();
    t.text('id').notNullable();
    t.integer('places').notNullable();
    t.bigInteger('untilMs').notNullable();
    t.primary(['key', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('address_place_holds');
  await knex.schema.dropTableIfExists('address_hits');
}
