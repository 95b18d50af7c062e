import type { Knex } from 'knex';

const NEW_PERMISSION = 'privacy:manage';

/**
 * Issue 37: subject-access and erasure requests need the new permission `privacy:manage`; it goes
 * to every admin holding `admins:manage`, as the decisions ask for a phase's new permissions. The
 * requests themselves read and rewrite the existing tables: no table is added.
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
    if (!permissions.includes(NEW_PERMISSION)) continue;
    await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify(permissions.filter((p) => p !== NEW_PERMISSION)) });
  }
}
