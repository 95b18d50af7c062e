import type { Knex } from 'knex';

/**
 * Member prices and households (docs/payments.md#member-prices, docs/members-households.md). Events gain an optional member price (null: none).
 * Bookings record which price they were charged: every booking stored before reads as the
 * standard price, made without signing in. `household_people` holds the people a member books for
 * (no e-mail of their own); the member pays for them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.integer('memberPrice').nullable();
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.text('priceKind').notNullable().defaultTo('standard');
    t.text('memberId').nullable();
    t.integer('memberPlaces').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('household_people', (t) => {
    t.text('id').primary();
    t.text('memberId').notNullable().index();
    t.text('name').notNullable();
    t.text('kind').notNullable();
    t.integer('yearOfBirth').nullable();
    t.text('createdAt').notNullable();
    t.text('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('household_people');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('memberPlaces');
    t.dropColumn('memberId');
    t.dropColumn('priceKind');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('memberPrice');
  });
}
