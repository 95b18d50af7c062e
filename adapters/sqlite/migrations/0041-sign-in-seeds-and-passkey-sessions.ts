import type { Knex } from 'knex';

/**
 * Members' sign-in (docs/member-sign-in.md): a code keeps the random seed it is made from, so a
 * request while it is live e-mails it again rather than replacing it (existing codes: none, they
 * are replaced as before); a member session records the passkey that opened it, so removing the
 * passkey ends it (existing sessions: none, they were opened by codes or are left to expire).
The raw e-mails code requests were once counted under are forgotten at start
 * (LoginAttemptStore.forgetKeysStartingWith), on every storage.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sign_in_codes', (t) => {
    t.text('seed');
  });
  await knex.schema.alterTable('member_sessions', (t) => {
    t.text('passkeyId').index('member_sessions_passkey');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('member_sessions', (t) => {
    t.dropIndex('passkeyId', 'member_sessions_passkey');
    t.dropColumn('passkeyId');
  });
  await knex.schema.alterTable('sign_in_codes', (t) => {
    t.dropColumn('seed');
  });
}
