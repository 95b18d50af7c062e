import type { Knex } from 'knex';

/**
 * Households of several members (docs/members-households.md). `household_members`
 * holds each member's place in a household (the member id is the key: a member is in at most one
 * household; one member of each is its contact), `household_invitations` a contact's invitations
 * waiting. A household's dependants stay in `household_people`, keyed by the household's id.
 * Every member with dependants becomes the contact of a household of one member whose id is
 * theirs, so existing households keep working.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('household_members', (t) => {
    t.text('memberId').primary();
    t.text('householdId').notNullable().index('household_members_household');
    t.boolean('contact').notNullable();
    t.text('joinedAt').notNullable();
  });
  await knex.schema.createTable('household_invitations', (t) => {
    t.text('id').primary();
    t.text('householdId').notNullable();
    t.text('memberId').notNullable().index('household_invitations_member');
    t.text('invitedBy').notNullable();
    t.text('createdAt').notNullable();
    t.unique(['householdId', 'memberId'], { indexName: 'household_invitations_household_member' });
  });
  await knex.raw(
    `INSERT INTO household_members (memberId, householdId, contact, joinedAt)
     SELECT memberId, memberId, 1, MIN(createdAt) FROM household_people GROUP BY memberId`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('household_invitations');
  await knex.schema.dropTableIfExists('household_members');
}
