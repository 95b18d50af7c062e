import type { Knex } from 'knex';

/**
 * Password-reset tokens of local admin accounts (SqlitePasswordResetTokenRepository): only the
 * hash of the link's secret, whose admin, when it expires and when it was used.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.text('tokenHash').primary();
    t.text('uid').notNullable().index('password_reset_tokens_uid');
    t.text('createdAt').notNullable();
    t.text('expiresAt').notNullable();
    t.bigInteger('expiresAtMs').notNullable().index('password_reset_tokens_expiry');
    t.text('usedAt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('password_reset_tokens');
}
