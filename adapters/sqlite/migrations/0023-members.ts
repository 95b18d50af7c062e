import type { Knex } from 'knex';
import { grantToAdminManagers, revokeFromEveryAdmin } from '../sqlite-permission-grants';

const NEW_PERMISSION = 'members:write';

/**
 * The club's member list (SqliteMemberRepository, docs/members.md). emailKey is the lower-cased e-mail:
 * e-mails are unique regardless of case, as the admins' are. The new permission `members:write`
 * goes to every admin holding `admins:manage` (decisions: a phase's new permissions are given to
 * the admins who manage admins, who may then grant them).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('members', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('emailKey').notNullable().unique({ indexName: 'members_email' });
    t.text('membershipType').notNullable();
    t.text('renewalDate').notNullable();
    t.integer('disabled').notNullable();
    // Optional: null when not given.
    t.text('phone');
    t.text('emergencyContactName');
    t.text('emergencyContactPhone');
    t.text('createdAt').notNullable();
    t.text('updatedAt').notNullable();
  });
  await grantToAdminManagers(knex, NEW_PERMISSION);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('members');
  await revokeFromEveryAdmin(knex, NEW_PERMISSION);
}
