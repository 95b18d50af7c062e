// Run as its own process by places-ledger.test.ts: one "server instance" on the Firestore emulator
// of FIRESTORE_EMULATOR_HOST. Once all are ready it books one event (free bookings and unpaid
// holds of 1 or 2 places) and pays for half of its holds, racing the other instances; it prints
// what it was told.
import { closeFirestore } from '../../../adapters/firestore/firestore-storage';
import { markPaidByCard } from '../card-payment';
import { openRacingBookings, racingBooking } from '../firestore-racing-worker';

const [projectId, countText, prefix, capacityText, nowText] = process.argv.slice(2);
const now = new Date(nowText);

const { db, bookings } = await openRacingBookings(projectId);
let added = 0;
let paid = 0;
await Promise.all(
  Array.from({ length: Number(countText) }, async (_, i) => {
    const made = racingBooking(i, prefix, now, { eventId: 'busy-event', eventName: 'Busy Event', firstName: 'Racing', lastName: 'Instance' });
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
