import fc from 'fast-check';
import { HOLD_MINUTES } from '../../core/bookings/booking-state';
import type { Booking } from '../../core/bookings/booking';

const HOLD_MS = HOLD_MINUTES * 60_000;

/**
 * One change of an event's places, as a member, the card form or the provider's webhook makes
 * it: a booking (free, or unpaid on a paid event), a payment of the n-th booking so far (mod
 * their number), or time passing. Waits cluster round the 30-minute edge of a hold, where a
 * ledger is most likely to count differently from the bookings.
 */
export type PlacesOperation = { kind: 'book'; places: number; paymentRequired: boolean } | { kind: 'pay'; index: number } | { kind: 'wait'; ms: number };

export const placesOperation: fc.Arbitrary<PlacesOperation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), places: fc.integer({ min: 1, max: 6 }), paymentRequired: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), index: fc.nat({ max: 40 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(fc.integer({ min: HOLD_MS - 2, max: HOLD_MS + 2 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 2 * HOLD_MS })),
    }),
  },
);

/** The fields of the booking a 'book' operation makes at `at`: its places, whether it is to be paid, when. */
export function bookedFields(
  operation: Extract<PlacesOperation, { kind: 'book' }>,
  at: Date,
): Pick<Booking, 'numberAttending' | 'paymentRequired' | 'submittedAt'> {
  return { numberAttending: operation.places, paymentRequired: operation.paymentRequired, submittedAt: at.toISOString() };
}

export const placesOperations = (maxLength: number) => fc.array(placesOperation, { minLength: 1, maxLength });
