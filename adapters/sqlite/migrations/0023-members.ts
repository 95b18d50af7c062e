import type { Knex } from 'knex';

/**
 * The club's member list (SqliteMemberRepository, issue 35). emailKey is the lower-cased e-mail:
 * e-mails are unique regardless of case, as the admins' are.
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
    t.text('createdAt').notNullable();
    t.text('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('members');
}
