import type { Knex } from 'knex';
import { grantToAdminManagers, revokeFromEveryAdmin } from '../sqlite-permission-grants';

const NEW_PERMISSION = 'privacy:manage';

/**
 * Members' data rights (issue 37): the new permission `privacy:manage` (the Data retention page,
 * and data requests) goes to every admin holding `admins:manage`, as the decisions ask for a
 * phase's new permissions; they may then grant it. No table: the retention store works on the
 * other features' tables.
 */
export async function up(knex: Knex): Promise<void> {
  await grantToAdminManagers(knex, NEW_PERMISSION);
}

export async function down(knex: Knex): Promise<void> {
  await revokeFromEveryAdmin(knex, NEW_PERMISSION);
}
