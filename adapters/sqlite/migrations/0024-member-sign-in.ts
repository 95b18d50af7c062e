import type { Knex } from 'knex';

/**
 * Members' passwordless sign-in (docs/member-sign-in.md): one live code per e-mail (hashes of
 * the e-mail and the code, tries, expiry, use), the members' own sessions (hash of the token) and
 * their passkeys (public keys only).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_codes', (t) => {
    t.text('emailHash').primary();
    t.text('memberId').notNullable();
    t.text('codeHash').notNullable();
    t.text('createdAt').notNullable();
    t.text('expiresAt').notNullable();
    t.bigInteger('expiresAtMs').notNullable().index('sign_in_codes_expiry');
    t.integer('tries').notNullable().defaultTo(0);
    t.text('usedAt');
  });
  await knex.schema.createTable('member_sessions', (t) => {
    t.text('tokenHash').primary();
    t.text('uid').notNullable().index('member_sessions_uid');
    t.text('createdAt').notNullable();
    t.text('expiresAt').notNullable();
    t.bigInteger('expiresAtMs').notNullable().index('member_sessions_expiry');
  });
  await knex.schema.createTable('passkeys', (t) => {
    t.text('credentialId').primary();
    t.text('memberId').notNullable().index('passkeys_member');
    t.text('publicKey').notNullable();
    t.integer('counter').notNullable();
    t.text('transports').notNullable();
    t.text('createdAt').notNullable();
    t.bigInteger('createdAtMs').notNullable();
    t.text('lastUsedAt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('passkeys');
  await knex.schema.dropTableIfExists('member_sessions');
  await knex.schema.dropTableIfExists('sign_in_codes');
}
