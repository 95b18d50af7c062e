import type { Knex } from 'knex';

/**
 * Check-in (docs/officer-of-the-day.md): one attendance record per booking with its version, and the key of every
 * mark applied (a device's UUID), written in the same transaction so a mark sent again is
 * recognised and never applied twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attendance', (t) => {
    t.text('bookingId').primary();
    t.text('eventId').notNullable().index('attendance_event');
    t.integer('version').notNullable();
    t.text('value').notNullable();
  });
  await knex.schema.createTable('attendance_marks', (t) => {
    t.text('key').primary();
    t.text('bookingId').notNullable().index('attendance_marks_booking');
    t.text('appliedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attendance_marks');
  await knex.schema.dropTableIfExists('attendance');
}
