import type { Knex } from 'knex';

/**
 * The challenges of members' passkey ceremonies (docs/member-sign-in.md): only a hash of each,
 * what it is for, the member adding a passkey, and its expiry (5 minutes; taken once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('passkey_challenges', (t) => {
    t.text('challengeHash').primary();
    t.text('purpose').notNullable();
    t.text('memberId');
    t.text('createdAt').notNullable();
    t.text('expiresAt').notNullable();
    t.bigInteger('expiresAtMs').notNullable().index('passkey_challenges_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('passkey_challenges');
}
