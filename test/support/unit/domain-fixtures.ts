import fc from 'fast-check';
import type { Booking } from '../../../core/bookings/booking';
import type { ClubEvent } from '../../../core/events/event';
import type { Member } from '../../../core/members/member';
import { aBooking, anEvent, PLAIN_FREE_EVENT } from '../entities';

/** A complete stored event; tests override only what they are about. */
export function makeEvent(overrides: Partial<ClubEvent> = {}): ClubEvent {
  return anEvent({
    id: 'evt-1',
    description: 'Racing on the reservoir',
    longdescription: 'A full day of racing, followed by a barbecue.',
    eventdatetime: '2026-06-06T09:00:00.000Z',
    eventenddatetime: '2026-06-06T15:00:00.000Z',
    ...PLAIN_FREE_EVENT,
    capacity: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  });
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({ id: 'bk-1', eventId: 'evt-1', lastName: 'Sailor', submittedAt: '2026-05-01T10:00:00.000Z', ...overrides });
}

/** A current adult member on the club's list, named and addressed after their id. */
export function makeMember(id: string, overrides: Partial<Member> = {}): Member {
  return {
    id,
    name: `Member ${id}`,
    email: `${id}@club.example`,
    membershipType: 'Adult',
    renewalDate: '2027-03-31',
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const MINUTE = 60_000;
const FROM = Date.UTC(2020, 0, 1);
const TO = Date.UTC(2035, 0, 1);

/** Instants to the minute, as the admin form produces them, 2020–2034. */
export const minuteInstant = fc.integer({ min: FROM / MINUTE, max: TO / MINUTE }).map((m) => new Date(m * MINUTE));
/** Instants to the second, the precision of an .ics file. */
export const secondInstant = fc.integer({ min: FROM / 1000, max: TO / 1000 }).map((s) => new Date(s * 1000));
/** Instants to the millisecond. */
export const msInstant = fc.integer({ min: FROM, max: TO }).map((ms) => new Date(ms));

/** Any minute of a London day given as 'yyyy-MM-dd' (the day is 23, 24 or 25 hours long). */
export function minuteOfLondonDay(startUtcMs: number, endUtcMs: number) {
  return fc.integer({ min: 0, max: (endUtcMs - startUtcMs) / MINUTE - 1 }).map((m) => new Date(startUtcMs + m * MINUTE));
}

/** How a generated booking was paid: nothing to pay, not yet paid, or paid by card, cash or transfer. */
export const paymentKind = fc.constantFrom('free', 'unpaid', 'card', 'cash', 'transfer');
export type PaymentKind = 'free' | 'unpaid' | 'card' | 'cash' | 'transfer';

/** A booking's payment fields for a payment kind, an amount in pence and the booking's id. */
export function paymentFields(kind: PaymentKind, amount: number, id: string): Partial<Booking> {
  const paid = kind === 'card' || kind === 'cash' || kind === 'transfer';
  return {
    paymentRequired: kind !== 'free',
    paid,
    paymentAmount: kind === 'free' ? null : amount,
    paymentCurrency: kind === 'free' ? null : 'GBP',
    paymentMethod: paid ? kind : null,
    paymentId: kind === 'card' ? `pay-${id}` : null,
  };
}
