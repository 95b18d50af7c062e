import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import { offerHoldId } from '../../../../core/bookings/places-ledger';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { useFreshAdapter, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { aBooking } from '../../../support/entities';

const firestore = useFirestoreEmulator();
const NOW = new Date('2026-06-01T09:00:00.000Z');
const EVENT = 'summer-regatta';
const hold = (entry: string, places: number, hours = 24) => ({ bookingId: offerHoldId(entry), places, untilMs: NOW.getTime() + hours * 3_600_000 });
const taken = async (bookings: BookingRepository, at = NOW) => (await bookings.placesTakenByEvent([EVENT], at)).get(EVENT);

const onMemory: AdapterFactory<BookingRepository> = async () => ({ adapter: new MemoryBookingRepository(), close: async () => {} });
const onSqlite: AdapterFactory<BookingRepository> = async () => {
  const { db, close } = await openTempSqlite('kyc-offers-');
  return { adapter: new SqliteBookingRepository(db), close };
};
const onFirestore: AdapterFactory<BookingRepository> = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  return { adapter: new FirestoreBookingRepository(db), close: async () => {} };
};

describe.each([
  ['memory', onMemory],
  ['SQLite', onSqlite],
  ['Firestore', onFirestore],
] as const)('waiting-list offer holds in the places ledger (%s)', (_name, make) => {
  const bookings = useFreshAdapter(make);

  it('an offer holds its places only if they fit, counts until it lapses, and is not a difference checkPlaces repairs away', async () => {
    await bookings().addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 4, now: NOW });
    expect(await bookings().holdForOffer(EVENT, hold('e1', 3), { capacity: 4, now: NOW })).toBe(false);
    expect(await bookings().holdForOffer(EVENT, hold('e1', 2), { capacity: 4, now: NOW })).toBe(true);
    expect(await taken(bookings())).toBe(4);
    // Holding again under the same id replaces the hold, it does not add to it.
    expect(await bookings().holdForOffer(EVENT, hold('e1', 2), { capacity: 4, now: NOW })).toBe(true);
    expect(await taken(bookings())).toBe(4);
    expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b2' }), { capacity: 4, now: NOW })).toEqual({ added: false, placesLeft: 0 });
    expect(await bookings().checkPlaces({ now: NOW, repair: true })).toEqual([]);
    expect(await taken(bookings())).toBe(4);
    expect(await taken(bookings(), new Date(NOW.getTime() + 24 * 3_600_000))).toBe(2);
  });

  it('a booking taking up the offer is not counted against its hold, and the hold goes with it; a release frees the places', async () => {
    await bookings().addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 4, now: NOW });
    await bookings().holdForOffer(EVENT, hold('e1', 2), { capacity: 4, now: NOW });
    expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b2', numberAttending: 2 }), { capacity: 4, now: NOW, offerHoldId: offerHoldId('e1') })).toEqual({
      added: true,
    });
    expect(await taken(bookings())).toBe(4);
    expect(await bookings().checkPlaces({ now: NOW, repair: false })).toEqual([]);
    await bookings().holdForOffer(EVENT, hold('e2', 1), { capacity: 5, now: NOW });
    expect(await taken(bookings())).toBe(5);
    await bookings().releaseHold(EVENT, offerHoldId('e2'), NOW);
    expect(await taken(bookings())).toBe(4);
  });

  it('concurrent bookings and offers of one event never overfill it', async () => {
    await bookings().addIfPlacesRemain(aBooking({ id: 'b0', numberAttending: 1 }), { capacity: 4, now: NOW });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        bookings()
          .addIfPlacesRemain(aBooking({ id: `b${i + 1}` }), { capacity: 4, now: NOW })
          .then((r) => (r.added ? 1 : 0)),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        bookings()
          .holdForOffer(EVENT, hold(`e${i}`, 2), { capacity: 4, now: NOW })
          .then((held) => (held ? 2 : 0)),
      ),
    ]);
    expect(results.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(3);
    expect(await taken(bookings())).toBe(1 + results.reduce((a: number, b: number) => a + b, 0));
    expect(await taken(bookings())).toBeLessThanOrEqual(4);
  });
});

describe('Firestore: bookings and offers from two server connections', () => {
  it('never overfill the event', async () => {
    await onTwoClients(firestore, async (db, second) => {
      const repos = [new FirestoreBookingRepository(db), new FirestoreBookingRepository(second)];
      const results = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) =>
          repos[i % 2].addIfPlacesRemain(aBooking({ id: `b${i}` }), { capacity: 5, now: NOW }).then((r) => (r.added ? 1 : 0)),
        ),
        ...Array.from({ length: 4 }, (_, i) => repos[i % 2].holdForOffer(EVENT, hold(`e${i}`, 2), { capacity: 5, now: NOW }).then((held) => (held ? 2 : 0))),
      ]);
      const total = results.reduce((a: number, b: number) => a + b, 0);
      expect(total).toBeLessThanOrEqual(5);
      expect(total).toBeGreaterThanOrEqual(4);
      expect(await taken(repos[1])).toBe(total);
    });
  });
});
