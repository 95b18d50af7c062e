// What the Firestore race workers (test/support/contract/firestore-*-worker.ts) share: each runs as its
// own "server instance" process, books one event from the moment all are ready, and prints what it was told.
import type { Firestore } from 'firebase-admin/firestore';
import { openFirestore } from '../../adapters/firestore/firestore-storage';
import { setFirestoreCallDeadline } from '../../adapters/firestore/firestore-errors';
import { FirestoreBookingRepository } from '../../adapters/firestore/firestore-booking-repository';
import type { Booking } from '../../core/bookings/booking';
import { aBooking } from './entities';
import { WORKER_FIRESTORE_CALL_DEADLINE_MS } from './worker-limits';
import { readyThenWaitForGo } from './start-together';

/**
 * The worker's i-th booking: every other one an unpaid hold, every third one of 2 places, with an
 * id from the worker's prefix so the instances never clash.
 */
export function racingBooking(i: number, prefix: string, now: Date, fields: Partial<Booking>): Booking {
  const unpaid = i % 2 === 1;
  return aBooking({
    id: `${prefix}-${String(i).padStart(3, '0')}`,
    numberAttending: 1 + (i % 3 === 0 ? 1 : 0),
    submittedAt: now.toISOString(),
    paymentRequired: unpaid,
    paymentAmount: unpaid ? 1000 : null,
    paymentCurrency: unpaid ? 'GBP' : null,
    ...fields,
  });
}

/** Opens the emulator's project with the worker's call deadline, then waits for the test's go (runTogether). */
export async function openRacingBookings(projectId: string): Promise<{ db: Firestore; bookings: FirestoreBookingRepository }> {
  setFirestoreCallDeadline(WORKER_FIRESTORE_CALL_DEADLINE_MS);
  const db = openFirestore({ projectId });
  const bookings = new FirestoreBookingRepository(db);
  await readyThenWaitForGo();
  return { db, bookings };
}
