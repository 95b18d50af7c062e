import type { Knex } from 'knex';
import { createTables } from '../sqlite-schema';

/**
 * Household invitations keep the e-mail the contact typed, and one to an e-mail that is no
 * member's is stored too, without a member (docs/members-households.md#invitations): so `email`
 * joins, unique per household, and `memberId` may be null. SQLite cannot relax NOT NULL in place,
 * so the table is rebuilt; the invitations waiting take their member's e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await createTables(knex, {
    household_invitations_new: 'id text primary, householdId text, memberId text null, email text null, invitedBy text, createdAt text',
  });
  await knex.raw(
    `INSERT INTO household_invitations_new (id, householdId, memberId, email, invitedBy, createdAt)
     SELECT i.id, i.householdId, i.memberId, (SELECT lower(trim(m.email)) FROM members m WHERE m.id = i.memberId), i.invitedBy, i.createdAt
     FROM household_invitations i`,
  );
  await knex.schema.dropTable('household_invitations');
  await knex.schema.renameTable('household_invitations_new', 'household_invitations');
  await knex.schema.alterTable('household_invitations', (t) => {
    t.index(['memberId'], 'household_invitations_member');
    t.unique(['householdId', 'memberId'], { indexName: 'household_invitations_household_member' });
    t.unique(['householdId', 'email'], { indexName: 'household_invitations_household_email' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('household_invitations').whereNull('memberId').delete();
  await knex.schema.alterTable('household_invitations', (t) => {
    t.dropUnique(['householdId', 'email'], 'household_invitations_household_email');
    t.dropColumn('email');
  });
}
