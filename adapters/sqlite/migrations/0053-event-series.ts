import type { Knex } from 'knex';

/**
 * Event series (docs/events.md, "Event series"): one row per series, the record as JSON with its
 * first date for ordering; and each event's series, null for an event of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_series', (t) => {
    t.text('id').primary();
    t.text('firstDate').notNullable();
    t.text('document').notNullable();
    t.index(['firstDate', 'id'], 'event_series_first_date');
  });
  await knex.schema.alterTable('events', (t) => {
    t.text('seriesId').nullable();
    t.index(['seriesId', 'eventStartMs'], 'events_series');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['seriesId', 'eventStartMs'], 'events_series');
    t.dropColumn('seriesId');
  });
  await knex.schema.dropTable('event_series');
}
