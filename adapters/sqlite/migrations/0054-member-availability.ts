import type { Knex } from 'knex';

/**
 * Members' availability and duty wishes (docs/duties.md, "Availability, wishes and quotas"): one
 * row per member and season, the dates and wishes as JSON lists.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_availability', (t) => {
    t.text('memberId').notNullable();
    t.text('seasonStart').notNullable();
    t.text('unavailable').notNullable();
    t.text('wishes').notNullable();
    t.text('updatedAt').notNullable();
    t.primary(['memberId', 'seasonStart']);
    t.index(['seasonStart'], 'member_availability_season');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('member_availability');
}
