import type { Knex } from 'knex';

/**
 * Keep offline (docs/offline.md): an admin marks a document "keep offline" (the sailing instructions), and members'
 * phones keep its PDF after their first online visit (docs/offline.md). Existing documents: not kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.boolean('keepOffline').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('keepOffline');
  });
}
