// Run as its own process by places-ledger.test.ts: one "server instance" on the Firestore emulator
// of FIRESTORE_EMULATOR_HOST. At an agreed moment it books one event (free bookings and unpaid
// holds of 1 or 2 places) and pays for half of its holds, racing the other instances; it prints
// what it was told.
import { closeFirestore, openFirestore } from '../../adapters/firestore/firestore-storage';
import { setFirestoreCallDeadline } from '../../adapters/firestore/firestore-errors';
import { FirestoreBookingRepository } from '../../adapters/firestore/firestore-booking-repository';
import type { Booking } from '../../core/bookings/booking';
import { aBooking } from '../support/entities';
import { markPaidByCard } from '../support/card-payment';
import { WORKER_FIRESTORE_CALL_DEADLINE_MS } from '../support/worker-limits';

const [projectId, startAtText, countText, prefix, capacityText, nowText] = process.argv.slice(2);
const now = new Date(nowText);

function booking(i: number): Booking {
  const unpaid = i % 2 === 1;
  return aBooking({
    id: `${prefix}-${String(i).padStart(3, '0')}`,
    eventId: 'busy-event',
    eventName: 'Busy Event',
    firstName: 'Racing',
    lastName: 'Instance',
    numberAttending: 1 + (i % 3 === 0 ? 1 : 0),
    submittedAt: now.toISOString(),
    paymentRequired: unpaid,
    paymentAmount: unpaid ? 1000 : null,
    paymentCurrency: unpaid ? 'GBP' : null,
  });
}

setFirestoreCallDeadline(WORKER_FIRESTORE_CALL_DEADLINE_MS);
const db = openFirestore({ projectId });
const bookings = new FirestoreBookingRepository(db);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
let added = 0;
let paid = 0;
await Promise.all(
  Array.from({ length: Number(countText) }, async (_, i) => {
    const made = booking(i);
    const result = await bookings.addIfPlacesRemain(made, { capacity: Number(capacityText), now });
    if (!result.added) return;
    added += 1;
    if (made.paymentRequired && i % 4 === 1) {
      if (await markPaidByCard(bookings, made.id, { paymentId: `pay-${made.id}`, paymentCompletedAt: now.toISOString() })) paid += 1;
    }
  }),
);
await closeFirestore(db);
process.stdout.write(JSON.stringify({ added, paid }));
