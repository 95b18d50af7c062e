import type { Knex } from 'knex';
import { addColumns, createTables, dropColumns, dropTables } from '../sqlite-schema';

/**
 * Member prices and households (docs/payments.md#member-prices, docs/members-households.md). Events gain an optional member price (null: none).
 * Bookings record which price they were charged: every booking stored before reads as the
 * standard price, made without signing in. `household_people` holds the people a member books for
 * (no e-mail of their own); the member pays for them.
 */
const BOOKING_COLUMNS = 'priceKind text default:standard, memberId text null, memberPlaces integer default:0';
const TABLES = { household_people: 'id text primary, memberId text index, name text, kind text, yearOfBirth integer null, createdAt text, updatedAt text' };

export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'events', 'memberPrice integer null');
  await addColumns(knex, 'bookings', BOOKING_COLUMNS);
  await createTables(knex, TABLES);
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, TABLES);
  await dropColumns(knex, 'bookings', BOOKING_COLUMNS);
  await dropColumns(knex, 'events', 'memberPrice integer null');
}
