import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookedEntry,
  expiredEntry,
  inLineOrder,
  joinRefusal,
  leftEntry,
  linePositions,
  nextToOffer,
  offeredEntry,
  offersWaitingList,
  offerStands,
  validateWaitingListForm,
  WAITING_LIST_MESSAGES,
} from '../../../../core/waiting-list/waiting-list';
import { bookingOffer } from '../../../../core/bookings/booking-state';
import { isBookingOpen } from '../../../../core/events/event-time';
import {
  isOfferHold,
  ledgerFromBookings,
  ledgerTaken,
  ledgerWithOfferHold,
  ledgerWithoutHold,
  offerHoldId,
  placesDifferences,
  rebuiltLedger,
} from '../../../../core/bookings/places-ledger';
import type { WaitingListEntry, WaitingListStatus } from '../../../../core/waiting-list/waiting-list-entry';

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const STATUSES: WaitingListStatus[] = ['waiting', 'offered', 'booked', 'left', 'expired'];

const entryArb = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  minutes: fc.integer({ min: 0, max: 50 }),
  status: fc.constantFrom(...STATUSES),
  places: fc.integer({ min: 1, max: 6 }),
});
const entriesArb = fc
  .uniqueArray(entryArb, { selector: (e) => e.id, maxLength: 12 })
  .map((list) =>
    list.map((e): WaitingListEntry => ({
      id: e.id,
      eventId: 'event-1',
      name: `Member ${e.id}`,
      email: `${e.id}@example.org`,
      places: e.places,
      joinedAt: new Date(T0 + e.minutes * 60_000).toISOString(),
      status: e.status,
      offeredUntil: null,
      updatedAt: new Date(T0).toISOString(),
      memberId: null,
    })),
  );

describe('who is offered next', () => {
  it('is a waiting member whose places fit, and nobody waiting who joined earlier fits too', () => {
    fc.assert(
      fc.property(entriesArb, fc.integer({ min: 0, max: 8 }), (entries, free) => {
        const next = nextToOffer(entries, free);
        const fitting = entries.filter((e) => e.status === 'waiting' && e.places <= free);
        if (next === null) {
          expect(fitting).toEqual([]);
          return;
        }
        expect(next.status).toBe('waiting');
        expect(next.places).toBeLessThanOrEqual(free);
        const order = inLineOrder(entries);
        for (const other of fitting) expect(order.indexOf(next)).toBeLessThanOrEqual(order.indexOf(other));
      }),
    );
  });

  it('with no places free nobody is offered; whatever the order given, the same member is chosen', () => {
    fc.assert(
      fc.property(entriesArb, fc.integer({ min: 0, max: 8 }), (entries, free) => {
        expect(nextToOffer(entries, 0)).toBeNull();
        expect(nextToOffer([...entries].reverse(), free)?.id).toBe(nextToOffer(entries, free)?.id);
      }),
    );
  });

  it('skips the first in line when their places do not fit, for a later member whose do', () => {
    const [big, small] = [
      { id: 'big', joinedAt: '2026-06-01T09:00:00.000Z', status: 'waiting' as const, places: 4 },
      { id: 'small', joinedAt: '2026-06-01T09:05:00.000Z', status: 'waiting' as const, places: 2 },
    ];
    expect(nextToOffer([small, big], 3)?.id).toBe('small');
    expect(nextToOffer([small, big], 4)?.id).toBe('big');
  });
});

describe('the line', () => {
  it('numbers exactly the members waiting or offered, 1 to n in joining order', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const positions = linePositions(entries);
        const inLine = inLineOrder(entries.filter((e) => e.status === 'waiting' || e.status === 'offered'));
        expect(inLine.map((e) => positions.get(e.id))).toEqual(inLine.map((_, i) => i + 1));
        expect(positions.size).toBe(inLine.length);
      }),
    );
  });

  it('leaving takes a member out of line once; an entry out of line cannot leave again', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        for (const entry of entries) {
          const left = leftEntry(entry, new Date(T0 + 1000));
          if (entry.status === 'waiting' || entry.status === 'offered') expect(left).toMatchObject({ status: 'left', offeredUntil: null, id: entry.id });
          else expect(left).toBeNull();
        }
      }),
    );
  });
});

describe('joining', () => {
  const event = { capacity: 10, allowBooking: true, bookingEndDate: null, eventdatetime: '2026-07-01T09:00:00.000Z', eventenddatetime: null };
  const now = new Date(T0);

  it('is open exactly when the event takes bookings, has a capacity, and fewer places are free than wanted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 10 }), (left, wanted) => {
        expect(joinRefusal(event, left, wanted, now)).toBe(left >= wanted ? 'not-full' : null);
      }),
    );
    expect(joinRefusal({ ...event, capacity: null }, null, 1, now)).toBe('no-capacity');
    expect(joinRefusal({ ...event, allowBooking: false }, 0, 1, now)).toBe('closed');
    expect(joinRefusal({ ...event, eventdatetime: '2026-05-01T09:00:00.000Z' }, 0, 1, now)).toBe('closed');
  });

  it('the calendar and the booking page offer the waiting list exactly when a member could join it', () => {
    const day = 86_400_000;
    const instant = fc.option(
      fc.integer({ min: -40, max: 40 }).map((days) => new Date(T0 + days * day).toISOString()),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.record({
          allowBooking: fc.boolean(),
          capacity: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
          taken: fc.integer({ min: 0, max: 25 }),
          bookingEndDate: instant,
          eventdatetime: instant,
          eventenddatetime: instant,
        }),
        ({ taken, ...event }) => {
          const left = event.capacity === null ? null : Math.max(0, event.capacity - taken);
          const offer = bookingOffer({ allowBooking: event.allowBooking, bookingOpen: isBookingOpen(event, now), placesLeft: left, cancelledAt: null });
          // Offered: a member wanting one place is let in (the form never refuses the offer).
          expect(offersWaitingList(offer)).toBe(joinRefusal(event, left, 1, now) === null);
        },
      ),
    );
    expect(offersWaitingList('full')).toBe(true);
    for (const offer of ['open', 'cancelled', 'not-bookable', 'closed'] as const) expect(offersWaitingList(offer)).toBe(false);
  });

  it('the form needs a name, a valid e-mail and 1 to the most places a booking may have', () => {
    expect(validateWaitingListForm({ name: ' Grace ', email: ' grace@example.org ', places: '2 ' }, { maxAttendees: 8 })).toEqual({
      ok: true,
      value: { name: 'Grace', email: 'grace@example.org', places: 2 },
    });
    expect(validateWaitingListForm({ name: '', email: 'nope', places: '' }, { maxAttendees: 8 })).toEqual({
      ok: false,
      errors: { name: WAITING_LIST_MESSAGES.nameRequired, email: WAITING_LIST_MESSAGES.emailInvalid, places: WAITING_LIST_MESSAGES.placesMin },
    });
    expect(validateWaitingListForm({ name: 'G', email: 'g@example.org', places: 9 }, { maxAttendees: 8 })).toMatchObject({
      errors: { places: 'At most 8 places can be wanted' },
    });
    expect(validateWaitingListForm({ name: 'G', email: 'g@example.org', places: 1.5 }, { maxAttendees: 8 })).toMatchObject({
      errors: { places: WAITING_LIST_MESSAGES.placesNotWhole },
    });
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), (places) => {
        const result = validateWaitingListForm({ name: 'G', email: 'g@example.org', places }, { maxAttendees: 8 });
        expect(result.ok).toBe(places >= 1 && places <= 8);
      }),
    );
  });
});

describe('offer holds in the places ledger', () => {
  const now = new Date(T0);
  const bookingArb = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }).filter((s) => !s.includes(':')), places: fc.integer({ min: 1, max: 5 }) });

  it('are counted like any hold, never compared with the bookings, and kept when a ledger is rebuilt', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(bookingArb, { selector: (b) => b.id, maxLength: 6 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -2, max: 48 })), { maxLength: 4 }),
        (list, offers) => {
          const bookings = list.map((b) => ({
            id: b.id,
            eventId: 'e',
            numberAttending: b.places,
            paymentRequired: false,
            paid: false,
            submittedAt: now.toISOString(),
            cancelledAt: null,
          }));
          let ledger = ledgerFromBookings(bookings, now);
          offers.forEach(([places, hours], i) => {
            ledger = ledgerWithOfferHold(ledger, { bookingId: offerHoldId(`w${i}`), places, untilMs: T0 + hours * 3_600_000 });
          });
          const live = offers.filter(([, hours]) => hours > 0).reduce((sum, [places]) => sum + places, 0);
          expect(ledgerTaken(ledger, now)).toBe(list.reduce((sum, b) => sum + b.places, 0) + live);
          expect(placesDifferences(new Map([['e', ledger]]), bookings, now)).toEqual([]);
          expect(ledgerTaken(rebuiltLedger(bookings, ledger, now), now)).toBe(ledgerTaken(ledger, now));
          expect(ledgerTaken(ledgerWithoutHold(ledger, offerHoldId('w0')), now)).toBe(
            ledgerTaken(ledger, now) - (offers[0] && offers[0][1] > 0 ? offers[0][0] : 0),
          );
        },
      ),
    );
  });

  it('only an offer:<entry> hold is an offer hold', () => {
    expect(isOfferHold({ bookingId: offerHoldId('abc') })).toBe(true);
    expect(isOfferHold({ bookingId: 'abc' })).toBe(false);
    expect(() => ledgerWithOfferHold(ledgerFromBookings([], now), { bookingId: 'abc', places: 1, untilMs: T0 + 1 })).toThrow(RangeError);
  });
});

describe('an offer over time', () => {
  it('is made to a waiting entry only, stands until its time, then expires; only an offered entry can be booked', () => {
    fc.assert(
      fc.property(entriesArb, fc.integer({ min: 1, max: 48 }), fc.integer({ min: 0, max: 60 }), (entries, hours, later) => {
        for (const entry of entries) {
          const until = new Date(T0 + hours * 3_600_000);
          const offered = offeredEntry(entry, new Date(T0), until);
          if (entry.status !== 'waiting') {
            expect(offered).toBeNull();
            continue;
          }
          const at = new Date(T0 + later * 3_600_000);
          expect(offerStands(offered!, at)).toBe(later < hours);
          expect(expiredEntry(offered!, at)?.status ?? null).toBe(later >= hours ? 'expired' : null);
          expect(bookedEntry(offered!, at)?.status).toBe('booked');
          expect(bookedEntry(entry, at)).toBeNull();
        }
      }),
    );
  });
});
