import type { Knex } from 'knex';

/**
 * An imported campaign may keep the e-mail's text (`content`, Markdown), so that the club's own
 * page shows it rather than a provider's link that may lead nowhere. Existing rows have none and
 * keep their preview link; news items keep their text in `body`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.text('content').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('content');
  });
}
