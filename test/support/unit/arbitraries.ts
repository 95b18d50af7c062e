import fc from 'fast-check';
import type { ClubEvent } from '../../../core/events/event';

const MIN = Date.UTC(2000, 0, 1);
const MAX = Date.UTC(2100, 0, 1);

export const instantArb = fc.integer({ min: MIN, max: MAX }).map((ms) => new Date(ms).toISOString());

export const clubEventArb: fc.Arbitrary<ClubEvent> = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  name: fc.string({ minLength: 1, maxLength: 60 }),
  description: fc.string({ maxLength: 100 }),
  longdescription: fc.string({ maxLength: 200 }),
  eventdatetime: fc.option(instantArb, { nil: null }),
  eventenddatetime: fc.option(instantArb, { nil: null }),
  bookingEndDate: fc.option(instantArb, { nil: null }),
  allowBooking: fc.boolean(),
  isBoatEvent: fc.boolean(),
  offerChild: fc.boolean(),
  offerSoftDrinks: fc.boolean(),
  offerVeg: fc.boolean(),
  requiresPayment: fc.boolean(),
  price: fc.integer({ min: 0, max: 100_000 }),
  currency: fc.constantFrom('GBP' as const, 'EUR' as const, 'USD' as const),
  capacity: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  createdAt: instantArb,
  updatedAt: instantArb,
  sequence: fc.nat({ max: 1000 }),
  cancelledAt: fc.constant(null),
  cancelReason: fc.constant(null),
});
