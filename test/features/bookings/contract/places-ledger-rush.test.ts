import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../../../../adapters/firestore/firestore-event-repository';
import { HOLD_MINUTES, isCancelled, placesTaken } from '../../../../core/bookings/booking-state';
import { ledgerTaken, type PlacesHold } from '../../../../core/bookings/places-ledger';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { referenceOf } from '../../../support/reference-of';
import { WORKER_LIMIT_MS, WORKER_TEST_TIMEOUT_MS } from '../../../support/worker-limits';
import { runTogether } from '../../../support/start-together';
import { anEvent, anUnpaidBooking } from '../../../support/entities';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const CAPACITY = 40;
const running = useFirestoreEmulator();

describe('the places ledger in parts (ADR 63) on the Firestore emulator', () => {
  it(
    'ends equal to the bookings when 3 server processes book, cancel, pay and pay late for lapsed holds at once',
    async () => {
      const { emulator, db } = running();
      await emulator.reset();
      await new FirestoreEventRepository(db).create(anEvent({ id: 'rush-event', capacity: CAPACITY }));
      const bookings = new FirestoreBookingRepository(db);
      // 15 holds of one place made 40 minutes before: lapsed when the rush starts, their places free again.
      const before = new Date(NOW.getTime() - (HOLD_MINUTES + 10) * 60_000);
      const lapsed = Array.from({ length: 15 }, (_, i) => `old-${String(i).padStart(2, '0')}`);
      for (const [i, id] of lapsed.entries()) {
        const added = await bookings.addIfPlacesRemain(
          anUnpaidBooking({ id, reference: referenceOf('old', i), eventId: 'rush-event', numberAttending: 1, submittedAt: before.toISOString() }),
          { capacity: CAPACITY, now: before },
        );
        expect(added).toEqual({ added: true });
      }
      expect((await bookings.placesTakenByEvent(['rush-event'], NOW)).get('rush-event')).toBe(0);

      const worker = fileURLToPath(new URL('../../../support/contract/firestore-rush-worker.ts', import.meta.url));
      // 3 × 30 bookings of 1 or 2 places for 40 places, each process also paying 5 of the lapsed holds.
      const outputs = await runTogether(
        ['p1', 'p2', 'p3'].map((prefix, n) => ({
          args: ['--import', 'tsx', worker, emulator.projectId, '30', prefix, String(CAPACITY), NOW.toISOString(), lapsed.slice(n * 5, n * 5 + 5).join(',')],
          env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host },
        })),
        WORKER_LIMIT_MS,
      );
      type Report = { added: number; refused: number; cancelled: number; paid: number; latePaid: number; lateRefunded: number };
      const reports = outputs.map((stdout) => JSON.parse(stdout) as Report);
      const sum = (key: keyof Report) => reports.reduce((total, r) => total + r[key], 0);

      const stored = (await bookings.listByEvent('rush-event')).filter((b) => !lapsed.includes(b.id));
      const old = (await bookings.listByEvent('rush-event')).filter((b) => lapsed.includes(b.id));
      // Every answer is what was stored.
      expect(stored).toHaveLength(sum('added'));
      expect(sum('added') + sum('refused')).toBe(90);
      expect(stored.filter((b) => isCancelled(b))).toHaveLength(sum('cancelled'));
      expect(stored.filter((b) => b.paid)).toHaveLength(sum('paid'));
      expect(sum('latePaid') + sum('lateRefunded')).toBe(15);
      expect(old.filter((b) => b.paid && !isCancelled(b))).toHaveLength(sum('latePaid'));
      // More was asked than the event holds: some were refused, and never more places taken than its capacity.
      expect(sum('refused')).toBeGreaterThan(0);
      const taken = placesTaken([...stored, ...old], NOW);
      expect(taken).toBeLessThanOrEqual(CAPACITY);
      // The ledger's parts say what the bookings say: in total, and for `npm run check-places`.
      expect((await bookings.placesTakenByEvent(['rush-event'], NOW)).get('rush-event')).toBe(taken);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
      // And the shares still add up to the capacity, none below what its part has taken.
      const parts = (await db.collection('placesLedgerShards').get()).docs.filter((doc) => doc.get('eventId') === 'rush-event');
      expect(parts.reduce((total, doc) => total + (doc.get('share') as number), 0)).toBe(CAPACITY);
      for (const doc of parts)
        expect(ledgerTaken({ confirmed: doc.get('confirmed') as number, holds: doc.get('holds') as PlacesHold[] }, NOW)).toBeLessThanOrEqual(
          doc.get('share') as number,
        );
    },
    WORKER_TEST_TIMEOUT_MS,
  );
});
