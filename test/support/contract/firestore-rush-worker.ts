// Run as its own process by places-ledger-rush.test.ts: one "server instance" on the Firestore
// emulator of FIRESTORE_EMULATOR_HOST. Once all are ready it books one event (free bookings and
// unpaid holds of 1 or 2 places) and, as each booking is added, cancels a third of its free ones,
// pays for half of its holds, and pays for its share of the holds that lapsed before it started
// (late payments: kept when there is room, else cancelled and refunded, as ConfirmPayment does),
// racing the other instances; it prints what it was told.
import { closeFirestore } from '../../../adapters/firestore/firestore-storage';
import { cancelled, paidByCardAt } from '../../../core/bookings/booking-lifecycle';
import { isCancelled } from '../../../core/bookings/booking-state';
import type { Booking } from '../../../core/bookings/booking';
import { openRacingBookings, racingBooking } from '../firestore-racing-worker';
import { referenceOf } from '../reference-of';

const [projectId, countText, prefix, capacityText, nowText, lapsedText] = process.argv.slice(2);
const now = new Date(nowText);
const capacity = Number(capacityText);

const { db, bookings } = await openRacingBookings(projectId);
const report = { added: 0, refused: 0, cancelled: 0, paid: 0, latePaid: 0, lateRefunded: 0 };

/** A card payment as ConfirmPayment records it: with the event's capacity. */
async function pay(id: string): Promise<Booking | null> {
  const { booking: stored, changed } = await bookings.change(id, now, (current, placesTaken) => {
    const next = paidByCardAt(current, { paymentId: `pay-${id}`, paymentCompletedAt: now.toISOString() }, { capacity, placesTaken, now });
    return next ? { booking: next } : null;
  });
  return changed ? stored : null;
}

await Promise.all([
  ...Array.from({ length: Number(countText) }, async (_, i) => {
    const made = racingBooking(i, prefix, now, { reference: referenceOf(prefix, i), eventId: 'rush-event', eventName: 'Rush Event' });
    const result = await bookings.addIfPlacesRemain(made, { capacity, now, eventSequence: 0 });
    if (!result.added) {
      report.refused += 1;
      return;
    }
    report.added += 1;
    if (!made.paymentRequired && i % 3 === 2) {
      const { changed } = await bookings.change(made.id, now, (current) =>
        isCancelled(current) ? null : { booking: cancelled(current, { at: now, by: 'member', refund: false }) },
      );
      if (changed) report.cancelled += 1;
    } else if (made.paymentRequired && i % 4 === 1) {
      if (await pay(made.id)) report.paid += 1;
    }
  }),
  ...lapsedText
    .split(',')
    .filter(Boolean)
    .map(async (id) => {
      const stored = await pay(id);
      if (stored && isCancelled(stored)) report.lateRefunded += 1;
      else if (stored) report.latePaid += 1;
    }),
]);
await closeFirestore(db);
process.stdout.write(JSON.stringify(report));
