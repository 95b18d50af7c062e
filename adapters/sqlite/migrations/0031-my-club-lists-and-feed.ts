import type { Knex } from 'knex';

/**
 * My club (docs/my-club.md): a member's waiting-list entries are read by `memberId`
 * (joined signed in) and by `emailKey`, and their work-day sign-ups by `emailKey` (the e-mail
 * trimmed and lower-cased, back-filled here), each through an index, so that My club reads as
 * much for a club of 5 entries as of 5,000. And each member's private calendar feed: its secret.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('waitlist_entries', (t) => {
    t.text('memberId').nullable();
    t.index(['memberId', 'joinedAtMs'], 'waitlist_entries_member');
    t.index(['emailKey', 'joinedAtMs'], 'waitlist_entries_email_key');
  });
  await knex.schema.alterTable('work_day_signups', (t) => {
    t.text('emailKey').nullable();
    t.index(['emailKey', 'submittedAtMs'], 'work_day_signups_email_key');
  });
  await knex.raw("UPDATE work_day_signups SET emailKey = NULLIF(LOWER(TRIM(email)), '') WHERE email IS NOT NULL");
  await knex.schema.createTable('member_calendar_feeds', (t) => {
    t.text('memberId').primary();
    t.text('secret').notNullable().unique();
    t.text('createdAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('member_calendar_feeds');
  await knex.schema.alterTable('work_day_signups', (t) => {
    t.dropIndex(['emailKey', 'submittedAtMs'], 'work_day_signups_email_key');
    t.dropColumn('emailKey');
  });
  await knex.schema.alterTable('waitlist_entries', (t) => {
    t.dropIndex(['emailKey', 'joinedAtMs'], 'waitlist_entries_email_key');
    t.dropIndex(['memberId', 'joinedAtMs'], 'waitlist_entries_member');
    t.dropColumn('memberId');
  });
}
