import type { Knex } from 'knex';
import { grantToAdminManagers, revokeFromEveryAdmin } from '../sqlite-permission-grants';

const NEW_PERMISSION = 'privacy:manage';

/**
 * Data requests (docs/privacy-requests.md): subject-access and erasure requests need the new permission `privacy:manage`; it goes
 * to every admin holding `admins:manage`, as the decisions ask for a phase's new permissions. The
 * requests and the retention page (docs/data-protection.md) use it; they read and rewrite the existing tables: no
 * table is added.
 */
export async function up(knex: Knex): Promise<void> {
  await grantToAdminManagers(knex, NEW_PERMISSION);
}

export async function down(knex: Knex): Promise<void> {
  await revokeFromEveryAdmin(knex, NEW_PERMISSION);
}
