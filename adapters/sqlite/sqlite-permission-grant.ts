import type { Knex } from 'knex';

/**
 * Gives a permission added in a phase to every admin holding `admins:manage` (the decisions'
 * rule for new permissions), or with `revoke` takes it back from everyone: for migrations.
 */
export async function grantToAdminManagers(knex: Knex, permission: string, revoke = false): Promise<void> {
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const permissions = JSON.parse(admin.permissions) as string[];
    const next = revoke ? permissions.filter((p) => p !== permission) : permissions.includes('admins:manage') && !permissions.includes(permission) ? [...permissions, permission] : permissions;
    if (next.length !== permissions.length) await knex('admins').where({ uid: admin.uid }).update({ permissions: JSON.stringify(next) });
  }
}
