import { UNCHANGED_BOOKING, type Booking } from '../../core/bookings/booking';
import { NEW_EVENT, type ClubEvent } from '../../core/events/event';
import type { WorkDay } from '../../core/work-days/work-day';
import { DEFAULT_PERMISSIONS, type Admin } from '../../core/admins/admin';

// Complete entities for tests, benchmarks and the worker processes of the race tests: a test
// overrides only the fields it is about. No test framework here, so any process may import it.

/** Overrides of `anEvent` for an event with nothing extra: free, no closing date, no boats, no children's or vegetarian choice. */
export const PLAIN_FREE_EVENT = {
  bookingEndDate: null,
  isBoatEvent: false,
  offerChild: false,
  offerVeg: false,
  requiresPayment: false,
  price: 0,
} satisfies Partial<ClubEvent>;

export function anEvent(overrides: Partial<ClubEvent> = {}): ClubEvent {
  return {
    id: 'summer-regatta',
    name: 'Summer Regatta',
    description: 'Racing round the cans',
    longdescription: 'Two races in the morning, lunch in the clubhouse, one race after.',
    eventdatetime: '2026-07-04T09:00:00.000Z',
    eventenddatetime: '2026-07-04T16:00:00.000Z',
    bookingEndDate: '2026-07-01T22:59:59.000Z',
    allowBooking: true,
    isBoatEvent: true,
    offerChild: true,
    offerSoftDrinks: false,
    offerVeg: true,
    requiresPayment: true,
    price: 1250,
    currency: 'GBP',
    capacity: 40,
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    ...NEW_EVENT,
    ...overrides,
  };
}

/**
 * A booking as stored. Unless told otherwise its checkout was opened when it was made (the member
 * went on to the card step), so an unpaid one holds its places for the full 30 minutes.
 */
export function aBooking(overrides: Partial<Booking> = {}): Booking {
  const submittedAt = overrides.submittedAt ?? '2026-06-01T09:00:00.000Z';
  return {
    id: 'booking-1',
    reference: null,
    eventId: 'summer-regatta',
    eventName: 'Summer Regatta',
    firstName: 'Ann',
    lastName: 'Jones',
    numberAttending: 1,
    numberOfChildren: 0,
    numberOfSoftDrinks: 0,
    numberOfVegetarian: 0,
    boatName: null,
    userEmail: null,
    submittedAt: '2026-06-01T09:00:00.000Z',
    paymentRequired: false,
    paid: false,
    paymentAmount: null,
    paymentCurrency: null,
    checkoutId: null,
    paymentId: null,
    paymentCompletedAt: null,
    ...UNCHANGED_BOOKING,
    checkoutOpenedAt: submittedAt,
    ...overrides,
  };
}

/** An unpaid booking of a paid event: it holds its places for 30 minutes. */
export function anUnpaidBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({ paymentRequired: true, paid: false, paymentAmount: 1250, paymentCurrency: 'GBP', ...overrides });
}

export function aWorkDay(overrides: Partial<WorkDay> = {}): WorkDay {
  return {
    id: 'spring-clean',
    name: 'Spring clean',
    description: 'Get the club ready for the season',
    date: '2026-04-11T08:00:00.000Z',
    foodAvailable: true,
    active: true,
    tools: 'Bring gloves',
    notes: 'Park by the boat park',
    jobs: [
      { id: 'slipway', title: 'Clear the slipway', description: 'Weed and sweep', volunteersNeeded: 4 },
      { id: 'paint', title: 'Paint the hut', description: '', volunteersNeeded: 2 },
    ],
    ...overrides,
  };
}

/** An active admin with every permission, managing admins included. */
export function anAdmin(overrides: Partial<Admin> = {}): Admin {
  return {
    uid: 'admin-1',
    email: 'commodore@club.example',
    name: 'The Commodore',
    role: 'admin',
    permissions: [...DEFAULT_PERMISSIONS, 'admins:manage'],
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
