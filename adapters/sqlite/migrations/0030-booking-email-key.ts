import type { Knex } from 'knex';

/**
 * My club (docs/my-club.md): a member's bookings are read by `memberId` and, for those made without
 * signing in, by `emailKey` (the e-mail trimmed and lower-cased), each through an index, so that
 * My club reads as much for a club of 5 bookings as of 5,000 (docs/my-club.md, ADR 0040).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.text('emailKey').nullable();
    t.index(['memberId', 'submittedAtMs'], 'bookings_member');
    t.index(['emailKey', 'submittedAtMs'], 'bookings_email_key');
  });
  await knex.raw("UPDATE bookings SET emailKey = NULLIF(LOWER(TRIM(userEmail)), '') WHERE userEmail IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex(['emailKey', 'submittedAtMs'], 'bookings_email_key');
    t.dropIndex(['memberId', 'submittedAtMs'], 'bookings_member');
    t.dropColumn('emailKey');
  });
}
