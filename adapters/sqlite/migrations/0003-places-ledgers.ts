import type { Knex } from 'knex';
import { eventEndInstant } from '../../../core/events/event-time';
import { ledgerFromBookings } from '../../../core/bookings/places-ledger';

/**
 * Each event's places ledger (SqliteBookingRepository), built here from the bookings already
 * stored; and each event's end (its end, else its start) in epoch ms, so the calendar reads only
 * the events not over before today.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('places_ledgers', (t) => {
    t.text('eventId').primary();
    t.integer('confirmed').notNullable();
    // The unpaid holds, as JSON: [{ bookingId, places, untilMs }]; a few at most at any time.
    t.text('holds').notNullable();
  });
  const bookings = await knex('bookings').select('id', 'eventId', 'numberAttending', 'paymentRequired', 'paid', 'submittedAt');
  const byEvent = new Map<string, { id: string; numberAttending: number; paymentRequired: boolean; paid: boolean; submittedAt: string; cancelledAt: null }[]>();
  for (const row of bookings) {
    const list = byEvent.get(String(row.eventId)) ?? [];
    list.push({
      id: String(row.id),
      numberAttending: Number(row.numberAttending),
      paymentRequired: Number(row.paymentRequired) === 1,
      paid: Number(row.paid) === 1,
      submittedAt: String(row.submittedAt),
      // Bookings could not be cancelled before migration 0006.
      cancelledAt: null,
    });
    byEvent.set(String(row.eventId), list);
  }
  const now = new Date();
  for (const [eventId, list] of byEvent) {
    const ledger = ledgerFromBookings(list, now);
    await knex('places_ledgers').insert({ eventId, confirmed: ledger.confirmed, holds: JSON.stringify(ledger.holds) });
  }

  await knex.schema.alterTable('events', (t) => {
    t.bigInteger('eventEndMs').nullable();
    t.index(['eventEndMs'], 'events_end');
  });
  const events = await knex('events').select('id', 'eventdatetime', 'eventenddatetime');
  for (const row of events) {
    const end = eventEndInstant({ eventdatetime: row.eventdatetime ?? null, eventenddatetime: row.eventenddatetime ?? null });
    if (end !== null) await knex('events').where({ id: row.id }).update({ eventEndMs: end.getTime() });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['eventEndMs'], 'events_end');
    t.dropColumn('eventEndMs');
  });
  await knex.schema.dropTableIfExists('places_ledgers');
}
