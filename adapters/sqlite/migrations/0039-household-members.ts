import type { Knex } from 'knex';
import { createTables, dropTables, type TableSpec } from '../sqlite-schema';

/**
 * Households of several members (docs/members-households.md). `household_members`
 * holds each member's place in a household (the member id is the key: a member is in at most one
 * household; one member of each is its contact), `household_invitations` a contact's invitations
 * waiting. A household's dependants stay in `household_people`, keyed by the household's id.
 * Every member with dependants becomes the contact of a household of one member whose id is
 * theirs, so existing households keep working.
 */
const TABLES: Record<string, TableSpec> = {
  household_members: 'memberId text primary, householdId text index:household_members_household, contact boolean, joinedAt text',
  household_invitations: {
    columns: 'id text primary, householdId text, memberId text index:household_invitations_member, invitedBy text, createdAt text',
    more: (t) => t.unique(['householdId', 'memberId'], { indexName: 'household_invitations_household_member' }),
  },
};

export async function up(knex: Knex): Promise<void> {
  await createTables(knex, TABLES);
  await knex.raw(
    `INSERT INTO household_members (memberId, householdId, contact, joinedAt)
     SELECT memberId, memberId, 1, MIN(createdAt) FROM household_people GROUP BY memberId`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, TABLES);
}
