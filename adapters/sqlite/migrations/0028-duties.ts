import type { Knex } from 'knex';
import { grantToAdminManagers, revokeFromEveryAdmin } from '../sqlite-permission-grants';

const NEW_PERMISSION = 'duties:write';

/**
 * Duty rosters (SqliteDutyRepository, docs/duties.md): the catalogue (qualifications, duty types and
 * templates, each a JSON record by kind and id), members' qualifications, events' duty slots and
 * who holds them. The new permission `duties:write` goes to every admin holding `admins:manage`,
 * as the decisions ask for a phase's new permissions.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('duty_catalogue', (t) => {
    t.text('kind').notNullable();
    t.text('id').notNullable();
    t.text('name').notNullable();
    t.text('record').notNullable();
    t.primary(['kind', 'id']);
  });
  await knex.schema.createTable('member_qualifications', (t) => {
    t.text('memberId').notNullable();
    t.text('qualificationId').notNullable();
    t.text('expiresOn');
    t.primary(['memberId', 'qualificationId']);
  });
  await knex.schema.createTable('duty_slots', (t) => {
    t.text('id').primary();
    t.text('eventId').notNullable().index('duty_slots_event');
    t.text('dutyTypeId').notNullable();
    t.integer('needed').notNullable();
    t.integer('optional').notNullable();
    t.text('createdAt').notNullable();
    t.integer('createdAtMs').notNullable();
  });
  await knex.schema.createTable('duty_assignments', (t) => {
    t.text('slotId').notNullable().references('id').inTable('duty_slots');
    t.text('memberId').notNullable().index('duty_assignments_member');
    t.text('eventId').notNullable();
    t.text('start').notNullable();
    t.text('end').notNullable();
    t.integer('startMs').notNullable();
    t.integer('endMs').notNullable();
    t.text('assignedAt').notNullable();
    t.integer('assignedAtMs').notNullable();
    t.text('overrideReason');
    t.primary(['slotId', 'memberId']);
  });
  await grantToAdminManagers(knex, NEW_PERMISSION);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('duty_assignments');
  await knex.schema.dropTableIfExists('duty_slots');
  await knex.schema.dropTableIfExists('member_qualifications');
  await knex.schema.dropTableIfExists('duty_catalogue');
  await revokeFromEveryAdmin(knex, NEW_PERMISSION);
}
