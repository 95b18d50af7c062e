import type { Knex } from 'knex';

/**
 * A phase's new permission, given by its migration to every admin holding `admins:manage` (the
 * decisions: those who manage admins get the new permissions, and may then grant them).
 */
export async function grantToAdminManagers(knex: Knex, permission: string): Promise<void> {
  await changePermissions(knex, (permissions) =>
    permissions.includes('admins:manage') && !permissions.includes(permission) ? [...permissions, permission] : null,
  );
}

/** The migration's way back: the permission taken from every admin. */
export async function revokeFromEveryAdmin(knex: Knex, permission: string): Promise<void> {
  await changePermissions(knex, (permissions) => (permissions.includes(permission) ? permissions.filter((p) => p !== permission) : null));
}

/** Writes each admin's permissions as `change` makes them (null: unchanged). */
async function changePermissions(knex: Knex, change: (permissions: string[]) => string[] | null): Promise<void> {
  const admins: { uid: string; permissions: string }[] = await knex('admins').select('uid', 'permissions');
  for (const admin of admins) {
    const changed = change(JSON.parse(admin.permissions) as string[]);
    if (changed)
      await knex('admins')
        .where({ uid: admin.uid })
        .update({ permissions: JSON.stringify(changed) });
  }
}

/** A migration that also brings a phase's new permission: granted after its up, revoked after its down. */
export function withNewPermission(migration: Knex.Migration, permission: string): Knex.Migration {
  return {
    up: async (knex) => {
      await migration.up(knex);
      await grantToAdminManagers(knex, permission);
    },
    down: async (knex) => {
      await migration.down?.(knex);
      await revokeFromEveryAdmin(knex, permission);
    },
  };
}
