import type { Knex } from 'knex';

const NEW_PERMISSION = 'privacy:manage';

/**
 * Members' data rights (issue 37): the new permission `privacy:manage` (the Data retention page,
 * and data requests) goes to every admin holding `admins:manage`, as the decisions ask for a
 * phase's new permissions; they may then grant it. No table: the retention store works on the
 * other features' tables.
 */
export async function up(knex: Knex): Promise<void> {
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const permissions = JSON.parse(admin.permissions) as string[];
    if (!permissions.includes('admins:manage') || permissions.includes(NEW_PERMISSION)) continue;
    await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify([...permissions, NEW_PERMISSION]) });
  }
}

export async function down(knex: Knex): Promise<void> {
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const permissions = JSON.parse(admin.permissions) as string[];
    if (permissions.includes(NEW_PERMISSION)) {
      await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify(permissions.filter((p) => p !== NEW_PERMISSION)) });
    }
  }
}
