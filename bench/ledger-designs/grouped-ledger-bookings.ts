import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import * as places from '../../core/bookings/places-ledger';
import type { Booking } from '../../core/bookings/booking';
import type { AddBookingResult } from '../../core/bookings/booking-repository.port';
import { collectionOf } from '../../adapters/firestore/firestore-collections';
import { FIRESTORE_CODES, firestoreCode } from '../../adapters/firestore/firestore-errors';
import { toDocument } from '../../adapters/firestore/firestore-booking-repository';
import { legacyLedger } from '../../adapters/firestore/firestore-places-shards';

/**
 * Bench-only prototypes of the two other ledger designs measured for ADR 36, booking only (no
 * mail, no changes): the event's one ledger document, `placesLedgers/{eventId}`, written with
 * every booking under a precondition that it is unchanged since read.
 *
 * - `groupSize` 1: the design before ADR 36 (ADR 11): within a process one booking of an event at
 *   a time reads the ledger and commits itself with it; a lost race reads again.
 * - `groupSize` > 1, group commit: the bookings of an event waiting in a process are decided
 *   together, in arrival order, on one reading of the ledger and committed in one batch with it
 *   (up to `groupSize`), so the ledger is written once per group instead of once per booking.
 *   (A taken booking id or reference would fail the whole group; the bench makes none.)
 */
export class GroupedLedgerBookings {
  private readonly queues = new Map<
    string,
    { booking: Booking; capacity: number; now: Date; resolve: (r: AddBookingResult) => void; reject: (e: unknown) => void }[]
  >();

  constructor(
    private readonly db: Firestore,
    private readonly prefix: string,
    private readonly groupSize: number,
  ) {}

  add(booking: Booking, limit: { capacity: number; now: Date }): Promise<AddBookingResult> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(booking.eventId);
      const item = { booking, capacity: limit.capacity, now: limit.now, resolve, reject };
      if (queue) {
        queue.push(item);
        return;
      }
      this.queues.set(booking.eventId, [item]);
      void this.drain(booking.eventId);
    });
  }

  private async drain(eventId: string): Promise<void> {
    const queue = this.queues.get(eventId)!;
    const ledgerRef = collectionOf(this.db, 'placesLedgers', { collectionPrefix: this.prefix }).doc(eventId);
    while (queue.length > 0) {
      const group = queue.splice(0, this.groupSize);
      try {
        for (let tries = 1; ; tries += 1) {
          const stored: DocumentSnapshot = await ledgerRef.get();
          let ledger = places.withoutLapsedHolds(legacyLedger(stored), group[0].now);
          const batch = this.db.batch();
          const answers: AddBookingResult[] = [];
          for (const { booking, capacity, now } of group) {
            const taken = places.ledgerTaken(ledger, now);
            if (taken + booking.numberAttending > capacity) {
              answers.push({ added: false, placesLeft: Math.max(0, capacity - taken) });
              continue;
            }
            batch.create(collectionOf(this.db, 'bookings', { collectionPrefix: this.prefix }).doc(booking.id), { ...toDocument(booking), placesShard: 0 });
            if (booking.reference)
              batch.create(collectionOf(this.db, 'bookingReferences', { collectionPrefix: this.prefix }).doc(booking.reference), { bookingId: booking.id });
            ledger = places.ledgerWithBooking(ledger, booking);
            answers.push({ added: true });
          }
          const document = { confirmed: ledger.confirmed, holds: ledger.holds.map((hold) => ({ ...hold })) };
          if (stored.exists) batch.update(ledgerRef, document, { lastUpdateTime: stored.updateTime! });
          else batch.create(ledgerRef, document);
          try {
            await batch.commit();
            group.forEach((item, i) => item.resolve(answers[i]));
            break;
          } catch (error) {
            const code = firestoreCode(error);
            const raced = code === FIRESTORE_CODES.FAILED_PRECONDITION || code === FIRESTORE_CODES.ALREADY_EXISTS;
            if (!raced || tries >= 60) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * tries)));
          }
        }
      } catch (error) {
        for (const item of group) item.reject(error);
      }
    }
    this.queues.delete(eventId);
  }
}
