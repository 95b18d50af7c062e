import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { openSqliteDatabase } from '../../../../adapters/sqlite/sqlite-database';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import { SqliteEventRepository } from '../../../../adapters/sqlite/sqlite-event-repository';
import { SqliteMigrationSource } from '../../../../adapters/sqlite/sqlite-migration-source';
import { placesTaken } from '../../../../core/bookings/booking-state';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { WORKER_LIMIT_MS, WORKER_TEST_TIMEOUT_MS } from '../../../support/worker-limits';
import { withTempSqlite } from '../../../support/temp-sqlite';
import { runTogether } from '../../../support/start-together';
import { aBooking, anEvent, anUnpaidBooking } from '../../../support/entities';

const NOW = new Date('2026-06-01T09:00:00.000Z');

const running = useFirestoreEmulator();

async function withSqlite<T>(work: (db: Awaited<ReturnType<typeof openSqliteDatabase>>) => Promise<T>): Promise<T> {
  return withTempSqlite(async (sqlite) => work(await sqlite.open()), 'kyc-ledger-');
}

/** Three bookings on two events, one of them an unpaid hold. */
async function bookThree(bookings: BookingRepository): Promise<void> {
  await bookings.addIfPlacesRemain(aBooking({ id: 'a', numberAttending: 3 }), { capacity: 10, now: NOW });
  await bookings.addIfPlacesRemain(anUnpaidBooking({ id: 'b', numberAttending: 2 }), { capacity: 10, now: NOW });
  await bookings.addIfPlacesRemain(aBooking({ id: 'c', eventId: 'winter-party', numberAttending: 4 }), { capacity: null, now: NOW });
}

const DAMAGED = [
  { eventId: 'summer-regatta', ledger: { confirmed: 9, held: 2 }, bookings: { confirmed: 3, held: 2 } },
  { eventId: 'winter-party', ledger: { confirmed: 0, held: 0 }, bookings: { confirmed: 4, held: 0 } },
];

describe('the places ledger on SQLite', () => {
  it('is built by the migration from the bookings a database already holds, and old events get their end', async () => {
    await withSqlite(async (sqlite) => {
      // Back to the schema before the ledger (undoing the later migrations, then 0003), with bookings and events stored then.
      while ((await sqlite('knex_migrations').where({ name: '0003-places-ledgers' })).length > 0)
        await sqlite.migrate.down({ migrationSource: new SqliteMigrationSource() });
      await sqlite('events').insert({ ...rowOf(anEvent({ id: 'long-ago', eventdatetime: '2020-01-01T09:00:00.000Z', eventenddatetime: null })) });
      await sqlite('events').insert(
        rowOf(anEvent({ id: 'summer-regatta', eventdatetime: '2026-06-20T09:00:00.000Z', eventenddatetime: '2026-06-21T09:00:00.000Z' })),
      );
      for (const booking of [aBooking({ id: 'old-1', numberAttending: 2 }), aBooking({ id: 'old-2', numberAttending: 5, paid: true, paymentRequired: true })]) {
        await sqlite('bookings').insert(bookingRowOf(booking));
      }
      await sqlite.migrate.latest({ migrationSource: new SqliteMigrationSource() });
      const bookings = new SqliteBookingRepository(sqlite);
      expect((await bookings.placesTakenByEvent(['summer-regatta'], NOW)).get('summer-regatta')).toBe(7);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
      const shown = await new SqliteEventRepository(sqlite).listNotOverBefore(new Date('2026-06-21T00:00:00.000Z'));
      expect(shown.map((e) => e.id)).toEqual(['summer-regatta']);
    });
  });

  it('is checked against the bookings, and a damaged ledger is reported and repaired', async () => {
    await withSqlite(async (sqlite) => {
      const bookings = new SqliteBookingRepository(sqlite);
      await bookThree(bookings);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
      await sqlite('places_ledgers').where({ eventId: 'summer-regatta' }).update({ confirmed: 9 });
      await sqlite('places_ledgers').where({ eventId: 'winter-party' }).delete();
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual(DAMAGED);
      expect(await bookings.checkPlaces({ now: NOW, repair: true })).toEqual(DAMAGED);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
      expect(Object.fromEntries(await bookings.placesTakenByEvent(['summer-regatta', 'winter-party'], NOW))).toEqual({
        'summer-regatta': 5,
        'winter-party': 4,
      });
    });
  });
});

describe('the places ledger on the Firestore emulator', () => {
  it('is checked against the bookings, and a damaged ledger is reported and repaired', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const bookings = new FirestoreBookingRepository(db);
    await bookThree(bookings);
    expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    // The ledger is in parts (ADR 63): 6 places too many in one part of one event, the other's parts gone.
    const parts = await db.collection('placesLedgerShards').get();
    const regatta = parts.docs.filter((doc) => doc.get('eventId') === 'summer-regatta');
    expect(regatta.length).toBeGreaterThan(1);
    await regatta[0].ref.update({ confirmed: (regatta[0].get('confirmed') as number) + 6 });
    for (const doc of parts.docs.filter((d) => d.get('eventId') === 'winter-party')) await doc.ref.delete();
    expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual(DAMAGED);
    expect(await bookings.checkPlaces({ now: NOW, repair: true })).toEqual(DAMAGED);
    expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
  });

  it(
    'never overfills an event when 3 server processes book it and pay at the same moment',
    async () => {
      const { emulator, db } = running();
      await emulator.reset();
      const worker = fileURLToPath(new URL('../../../support/contract/firestore-booking-worker.ts', import.meta.url));
      // 3 × 30 bookings of 1 or 2 places (free ones and unpaid holds, a quarter of them then paid)
      // for 40 places, from three processes that start together.
      const outputs = await runTogether(
        ['p1', 'p2', 'p3'].map((prefix) => ({
          args: ['--import', 'tsx', worker, emulator.projectId, '30', prefix, '40', NOW.toISOString()],
          env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host },
        })),
        WORKER_LIMIT_MS,
      );
      const reports = outputs.map((stdout) => JSON.parse(stdout) as { added: number; paid: number });
      const bookings = new FirestoreBookingRepository(db);
      const stored = await bookings.listByEvent('busy-event');
      expect(stored).toHaveLength(reports.reduce((sum, r) => sum + r.added, 0));
      expect(stored.filter((b) => b.paid)).toHaveLength(reports.reduce((sum, r) => sum + r.paid, 0));
      const taken = placesTaken(stored, NOW);
      // Full, or too full for the smallest booking left: never over.
      expect(taken).toBeLessThanOrEqual(40);
      expect(taken).toBeGreaterThanOrEqual(39);
      expect((await bookings.placesTakenByEvent(['busy-event'], NOW)).get('busy-event')).toBe(taken);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    },
    WORKER_TEST_TIMEOUT_MS,
  );
});

/** The row as the first schema held it: without the columns later migrations added (0008 the feed's, 0009 reminders'). */
function rowOf(event: ReturnType<typeof anEvent>): Record<string, unknown> {
  const { sequence: _q, cancelledAt: _c, cancelReason: _r, remindersOff: _o, ...first } = event;
  return {
    ...first,
    eventStartMs: event.eventdatetime === null ? null : Date.parse(event.eventdatetime),
    allowBooking: Number(event.allowBooking),
    isBoatEvent: Number(event.isBoatEvent),
    offerChild: Number(event.offerChild),
    offerSoftDrinks: Number(event.offerSoftDrinks),
    offerVeg: Number(event.offerVeg),
    requiresPayment: Number(event.requiresPayment),
  };
}

/** The row as the first schema held it: without the life-cycle columns of migration 0006. */
function bookingRowOf(booking: ReturnType<typeof aBooking>): Record<string, unknown> {
  const {
    paymentMethod: _m,
    paymentReference: _r,
    cancelledAt: _c,
    cancelledBy: _b,
    refundStatus: _s,
    refundAmount: _a,
    refundId: _i,
    refundFailure: _f,
    refundAttempts: _n,
    refundedAt: _t,
    checkoutOpenedAt: _o,
    reference: _ref,
    cancelReason: _why,
    priceKind: _kind,
    memberId: _member,
    memberPlaces: _places,
    householdAttendees: _attendees,
    amendments: _amendments,
    pendingChange: _pending,
    changeAttempts: _attempts,
    ...first
  } = booking;
  return { ...first, submittedAtMs: Date.parse(booking.submittedAt), paymentRequired: Number(booking.paymentRequired), paid: Number(booking.paid) };
}
