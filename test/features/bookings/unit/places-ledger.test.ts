import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES, placesLeft, placesTaken } from '../../../../core/bookings/booking-state';
import {
  EMPTY_LEDGER,
  ledgerFromBookings,
  ledgerPlacesLeft,
  ledgerTaken,
  ledgerWithBooking,
  ledgerWithoutBooking,
  ledgerWithPayment,
  placesDifferences,
  withoutLapsedHolds,
  type PlacesLedger,
} from '../../../../core/bookings/places-ledger';
import type { Booking } from '../../../../core/bookings/booking';
import { bookedFields, placesOperations } from '../../../support/places-operations';
import { makeBooking } from '../../../support/unit/domain-fixtures';

const HOLD_MS = HOLD_MINUTES * 60_000;
const START = Date.UTC(2026, 5, 1, 9);

describe('places ledger properties', () => {
  it('counts, at every moment, exactly the places the bookings take (bookings, payments, waits at the 30-minute edge)', () => {
    fc.assert(
      fc.property(placesOperations(30), fc.integer({ min: 1, max: 40 }), (operations, capacity) => {
        let now = START;
        let ledger: PlacesLedger = EMPTY_LEDGER;
        const bookings: Booking[] = [];
        for (const operation of operations) {
          const at = new Date(now);
          if (operation.kind === 'wait') now += operation.ms;
          else if (operation.kind === 'book') {
            const booking = makeBooking({ id: `bk-${bookings.length}`, ...bookedFields(operation, at) });
            // The same decision the adapters make from the ledger alone.
            const fits = ledgerTaken(ledger, at) + booking.numberAttending <= capacity;
            expect(fits).toBe(placesTaken(bookings, at) + booking.numberAttending <= capacity);
            if (fits) {
              ledger = ledgerWithBooking(withoutLapsedHolds(ledger, at), booking);
              bookings.push(booking);
            }
          } else if (bookings.length > 0) {
            const booking = bookings[operation.index % bookings.length];
            if (!booking.paid && booking.paymentRequired) {
              ledger = ledgerWithPayment(withoutLapsedHolds(ledger, at), booking);
              booking.paid = true;
            }
          }
          for (const moment of [now, now + 1, now + HOLD_MS - 1, now + HOLD_MS, now + HOLD_MS + 1]) {
            const when = new Date(moment);
            expect(ledgerTaken(ledger, when)).toBe(placesTaken(bookings, when));
            expect(ledgerPlacesLeft(capacity, ledger, when)).toBe(placesLeft(capacity, bookings, when));
          }
        }
        // Rebuilt from the bookings, the ledger counts the same, and the check finds nothing.
        const end = new Date(now);
        expect(ledgerTaken(ledgerFromBookings(bookings, end), end)).toBe(ledgerTaken(ledger, end));
        const stored = new Map([['evt-1', ledger]]);
        expect(placesDifferences(stored, bookings, end)).toEqual([]);
      }),
    );
  });

  it('a booking taken out gives back exactly its places, whatever it was', () => {
    fc.assert(
      fc.property(placesOperations(20), fc.nat(), (operations, pick) => {
        let now = START;
        let ledger: PlacesLedger = EMPTY_LEDGER;
        const bookings: Booking[] = [];
        for (const operation of operations) {
          if (operation.kind === 'wait') now += operation.ms;
          else if (operation.kind === 'book') {
            const booking = makeBooking({ id: `bk-${bookings.length}`, ...bookedFields(operation, new Date(now)) });
            ledger = ledgerWithBooking(ledger, booking);
            bookings.push(booking);
          } else if (bookings.length > 0) {
            const booking = bookings[operation.index % bookings.length];
            if (booking.paymentRequired && !booking.paid) {
              ledger = ledgerWithPayment(ledger, booking);
              booking.paid = true;
            }
          }
        }
        if (bookings.length === 0) return;
        const [removed] = bookings.splice(pick % bookings.length, 1);
        ledger = ledgerWithoutBooking(ledger, removed);
        for (const moment of [now, now + HOLD_MS - 1, now + HOLD_MS]) {
          expect(ledgerTaken(ledger, new Date(moment))).toBe(placesTaken(bookings, new Date(moment)));
        }
      }),
    );
  });

  it('an unpaid hold counts until the 30th minute and not at it, without any write', () => {
    const hold = makeBooking({ id: 'h', numberAttending: 4, paymentRequired: true, submittedAt: new Date(START).toISOString() });
    const ledger = ledgerWithBooking(EMPTY_LEDGER, hold);
    expect(ledgerTaken(ledger, new Date(START + HOLD_MS - 1))).toBe(4);
    expect(ledgerTaken(ledger, new Date(START + HOLD_MS))).toBe(0);
    expect(withoutLapsedHolds(ledger, new Date(START + HOLD_MS)).holds).toEqual([]);
  });

  it('a payment that arrives after the hold lapsed still counts the places (the provider has the money)', () => {
    const hold = makeBooking({ id: 'late', numberAttending: 3, paymentRequired: true, submittedAt: new Date(START).toISOString() });
    const later = new Date(START + 2 * HOLD_MS);
    const pruned = withoutLapsedHolds(ledgerWithBooking(EMPTY_LEDGER, hold), later);
    expect(ledgerTaken(pruned, later)).toBe(0);
    expect(ledgerTaken(ledgerWithPayment(pruned, hold), later)).toBe(3);
    // A booking already paid, or free, is not counted twice.
    expect(ledgerWithPayment(ledgerWithPayment(pruned, hold), { ...hold, paid: true })).toEqual(ledgerWithPayment(pruned, hold));
  });

  it('the check names each event whose stored ledger differs from its bookings', () => {
    const now = new Date(START);
    const paid = makeBooking({ id: 'a', eventId: 'e1', numberAttending: 2, submittedAt: now.toISOString() });
    const unpaid = makeBooking({ id: 'b', eventId: 'e2', numberAttending: 5, paymentRequired: true, submittedAt: now.toISOString() });
    const stored = new Map<string, PlacesLedger>([
      ['e1', { confirmed: 2, holds: [] }],
      ['e3', { confirmed: 1, holds: [] }],
    ]);
    expect(placesDifferences(stored, [paid, unpaid], now)).toEqual([
      { eventId: 'e2', ledger: { confirmed: 0, held: 0 }, bookings: { confirmed: 0, held: 5 } },
      { eventId: 'e3', ledger: { confirmed: 1, held: 0 }, bookings: { confirmed: 0, held: 0 } },
    ]);
  });
});
