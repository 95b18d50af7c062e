import type { Knex } from 'knex';

const NEW_PERMISSION = 'duties:write';

/**
 * Duty rosters (SqliteDutyRepository, issue 36): the catalogue (qualifications, duty types and
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
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const permissions = JSON.parse(admin.permissions) as string[];
    if (!permissions.includes('admins:manage') || permissions.includes(NEW_PERMISSION)) continue;
    await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify([...permissions, NEW_PERMISSION]) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('duty_assignments');
  await knex.schema.dropTableIfExists('duty_slots');
  await knex.schema.dropTableIfExists('member_qualifications');
  await knex.schema.dropTableIfExists('duty_catalogue');
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const permissions = JSON.parse(admin.permissions) as string[];
    if (permissions.includes(NEW_PERMISSION)) {
      await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify(permissions.filter((p) => p !== NEW_PERMISSION)) });
    }
  }
}
