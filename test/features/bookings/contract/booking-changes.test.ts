import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { cancelled, paidByCardAt } from '../../../../core/bookings/booking-lifecycle';
import { placesTaken } from '../../../../core/bookings/booking-state';
import type { AuditEntry } from '../../../../core/audit/audit';
import type { Booking } from '../../../../core/bookings/booking';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import type { BookingChange, BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { aMessage } from '../../mail/contract/outbox.contract';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { aBooking, anUnpaidBooking } from '../../../support/entities';
import { storesUnderTest } from '../../../support/stores';

const firestore = useFirestoreEmulator();

const STORES = storesUnderTest(firestore, 'kyc-changes-');

const NOW = new Date('2026-06-01T09:00:00.000Z');
let ids = 0;

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  ids += 1;
  return {
    id: `audit-${String(ids).padStart(5, '0')}`,
    at: NOW.toISOString(),
    actor: { kind: 'admin', uid: 'uid-treasurer', email: 'treasurer@example.org' },
    action: 'booking.cancelled',
    recordType: 'booking',
    recordId: 'booking-1',
    summary: 'Cancelled by an admin',
    changes: [{ field: 'cancelledBy', before: null, after: 'uid-treasurer' }],
    ...overrides,
  };
}

/** The cancellation rule as the use cases apply it: refused when already cancelled. */
function cancel(by = 'member', withMail = true) {
  return (current: Booking): BookingChange => {
    if (current.cancelledAt !== null) throw new ConflictError('This booking is already cancelled.');
    const next = cancelled(current, { at: NOW, by, refund: true });
    return {
      booking: next,
      mail: withMail ? [aMessage(`cancel-${current.id}-${(ids += 1)}`, 0, current.id)] : [],
      audit: [anEntry({ recordId: current.id, actor: { kind: 'member' } })],
    };
  };
}

async function taken(bookings: BookingRepository, eventId = 'summer-regatta'): Promise<number> {
  return (await bookings.placesTakenByEvent([eventId], NOW)).get(eventId) ?? 0;
}

describe.each(STORES)('the audit log (%s)', (_name, open) => {
  it('lists entries newest first, by record and by admin, at most the limit, and refuses an id used before, writing nothing of that call', async () => {
    await withStore(open, async ({ audit }) => {
      const older = anEntry({ at: '2026-06-01T08:00:00.000Z', recordId: 'b-1' });
      const newer = anEntry({ at: '2026-06-01T10:00:00.000Z', recordId: 'b-2', actor: { kind: 'member' } });
      const other = anEntry({ at: '2026-06-01T09:00:00.000Z', recordId: 'b-1', actor: { kind: 'admin', uid: 'uid-bosun', email: 'bosun@example.org' } });
      await audit.append([older, newer]);
      await audit.append([other]);
      expect(await audit.list({ limit: 10 })).toEqual([newer, other, older]);
      expect(await audit.list({ limit: 2 })).toEqual([newer, other]);
      expect(await audit.list({ recordId: 'b-1', limit: 10 })).toEqual([other, older]);
      expect(await audit.list({ actorUid: 'uid-treasurer', limit: 10 })).toEqual([older]);
      expect(await audit.list({ actorUid: 'uid-bosun', recordId: 'b-2', limit: 10 })).toEqual([]);
      expect(await audit.list({ recordId: 'x\ud800', limit: 10 })).toEqual([]);

      const fresh = anEntry({ recordId: 'b-3' });
      expect(await rejectionOf(audit.append([fresh, { ...older, summary: 'rewritten' }]))).toBeInstanceOf(ConflictError);
      expect(await audit.list({ limit: 10 })).toEqual([newer, other, older]);
    });
  });
});

describe.each(STORES)('BookingRepository.change with its places, mail and audit (%s)', (_name, open) => {
  it('a cancellation releases the places at once and writes its e-mail and audit entry in the same commit', async () => {
    await withStore(open, async ({ bookings, outbox, audit }) => {
      await bookings.addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 3 }), { capacity: 4, now: NOW });
      expect(await taken(bookings)).toBe(3);
      const result = await bookings.change('b1', NOW, cancel());
      expect(result.changed).toBe(true);
      expect(result.booking).toMatchObject({ id: 'b1', cancelledAt: NOW.toISOString(), cancelledBy: 'member' });
      expect(await bookings.get('b1')).toEqual(result.booking);
      expect(await taken(bookings)).toBe(0);
      expect((await outbox.list({ recordId: 'b1' })).map((m) => m.kind)).toEqual(['booking-confirmation']);
      expect(await audit.list({ recordId: 'b1', limit: 5 })).toHaveLength(1);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
      // The released places can be booked again.
      expect(await bookings.addIfPlacesRemain(aBooking({ id: 'b2', numberAttending: 4 }), { capacity: 4, now: NOW })).toEqual({ added: true });
    });
  });

  it('a rule that answers null or refuses changes nothing, and an unknown booking is NotFoundError', async () => {
    await withStore(open, async ({ bookings, outbox, audit }) => {
      await bookings.addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 4, now: NOW });
      const before = await bookings.get('b1');
      expect(await bookings.change('b1', NOW, () => null)).toEqual({ booking: before, changed: false });
      await bookings.change('b1', NOW, cancel());
      const after = await bookings.get('b1');
      expect(await rejectionOf(bookings.change('b1', NOW, cancel()))).toBeInstanceOf(ConflictError);
      expect(await bookings.get('b1')).toEqual(after);
      expect(await outbox.list({ recordId: 'b1' })).toHaveLength(1);
      expect(await audit.list({ recordId: 'b1', limit: 5 })).toHaveLength(1);
      expect(await rejectionOf(bookings.change('no-such-booking', NOW, cancel()))).toBeInstanceOf(NotFoundError);
    });
  });

  it('a change whose audit entry cannot be written (its id is taken) leaves the booking, places and outbox as they were', async () => {
    await withStore(open, async ({ bookings, outbox, audit }) => {
      await bookings.addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 4, now: NOW });
      const entry = anEntry({ recordId: 'b1' });
      await audit.append([entry]);
      const before = await bookings.get('b1');
      const clash = (current: Booking): BookingChange => ({
        booking: cancelled(current, { at: NOW, by: 'member', refund: false }),
        mail: [aMessage('clash-mail', 0, 'b1')],
        audit: [entry],
      });
      expect(await rejectionOf(bookings.change('b1', NOW, clash))).toBeInstanceOf(Error);
      expect(await bookings.get('b1')).toEqual(before);
      expect(await taken(bookings)).toBe(2);
      expect(await outbox.get('clash-mail')).toBeNull();
    });
  });

  it('of three cancellations racing, one wins: one change, one e-mail, one audit entry, the places released once', async () => {
    await withStore(open, async ({ bookings, outbox, audit }) => {
      await bookings.addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 5, now: NOW });
      await bookings.addIfPlacesRemain(aBooking({ id: 'b2', numberAttending: 3 }), { capacity: 5, now: NOW });
      const outcomes = await Promise.allSettled([1, 2, 3].map(() => bookings.change('b1', NOW, cancel())));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ConflictError)).toBe(true);
      expect(await taken(bookings)).toBe(3);
      expect(await outbox.list({ recordId: 'b1' })).toHaveLength(1);
      expect(await audit.list({ recordId: 'b1', limit: 5 })).toHaveLength(1);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    });
  });

  it('a cancellation racing bookings for the last places never overfills the event, and the ledger agrees with the bookings', async () => {
    await withStore(open, async ({ bookings }) => {
      await bookings.addIfPlacesRemain(aBooking({ id: 'holder', numberAttending: 4 }), { capacity: 4, now: NOW });
      const newcomers = [1, 2, 3].map((n) => bookings.addIfPlacesRemain(aBooking({ id: `new-${n}`, numberAttending: 2 }), { capacity: 4, now: NOW }));
      const [, ...added] = await Promise.all([bookings.change('holder', NOW, cancel()), ...newcomers]);
      const stored = await bookings.listByEvent('summer-regatta');
      expect(placesTaken(stored, NOW)).toBeLessThanOrEqual(4);
      expect(await taken(bookings)).toBe(placesTaken(stored, NOW));
      expect(added.filter((a) => a.added).length).toBeLessThanOrEqual(2);
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    });
  });

  it('a payment that comes after its hold lapsed is kept while the places are free, and refunded (cancelled) once they have gone', async () => {
    await withStore(open, async ({ bookings }) => {
      const later = new Date(NOW.getTime() + 31 * 60_000);
      await bookings.addIfPlacesRemain(anUnpaidBooking({ id: 'kept', numberAttending: 2 }), { capacity: 4, now: NOW });
      await bookings.addIfPlacesRemain(anUnpaidBooking({ id: 'late', numberAttending: 2 }), { capacity: 4, now: NOW });
      // Both holds lapse; someone takes 2 of the 4 places.
      await bookings.addIfPlacesRemain(aBooking({ id: 'other', numberAttending: 2 }), { capacity: 4, now: later });
      const pay = (id: string) =>
        bookings.change(id, later, (current, placesTaken) => {
          const next = paidByCardAt(current, { paymentId: `pay-${id}`, paymentCompletedAt: later.toISOString() }, { capacity: 4, placesTaken, now: later });
          return next ? { booking: next } : null;
        });
      expect((await pay('kept')).booking).toMatchObject({ paid: true, cancelledAt: null });
      expect((await pay('late')).booking).toMatchObject({ paid: true, cancelledBy: 'system', refundStatus: 'pending', refundAmount: 1250 });
      expect(await taken(bookings)).toBe(4);
      expect(await bookings.checkPlaces({ now: later, repair: false })).toEqual([]);
    });
  });

  it('any sequence of bookings, payments, cancellations and corrections keeps the ledger equal to the bookings’ count', async () => {
    await withStore(open, async ({ bookings }) => {
      const op = fc.oneof(
        fc.record({ kind: fc.constant('book' as const), places: fc.integer({ min: 1, max: 3 }), paid: fc.boolean() }),
        fc.record({ kind: fc.constantFrom('cancel' as const, 'pay' as const, 'grow' as const), pick: fc.nat() }),
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
          run += 1;
          const eventId = `event-${run}`;
          const made: string[] = [];
          for (const [i, o] of ops.entries()) {
            if (o.kind === 'book') {
              const id = `${eventId}-b${i}`;
              const booking = o.paid ? aBooking({ id, eventId, numberAttending: o.places }) : anUnpaidBooking({ id, eventId, numberAttending: o.places });
              if ((await bookings.addIfPlacesRemain(booking, { capacity: 6, now: NOW })).added) made.push(id);
              continue;
            }
            if (made.length === 0) continue;
            const id = made[o.pick % made.length];
            await bookings.change(id, NOW, (current, placesTaken) => {
              if (current.cancelledAt !== null) return null;
              if (o.kind === 'cancel') return { booking: cancelled(current, { at: NOW, by: 'member', refund: true }) };
              if (o.kind === 'pay') {
                const next = paidByCardAt(current, { paymentId: 'p', paymentCompletedAt: NOW.toISOString() }, { capacity: 6, placesTaken, now: NOW });
                return next ? { booking: next } : null;
              }
              return placesTaken + 1 <= 6 ? { booking: { ...current, numberAttending: current.numberAttending + 1 } } : null;
            });
          }
          const stored = await bookings.listByEvent(eventId);
          expect(await taken(bookings, eventId)).toBe(placesTaken(stored, NOW));
          expect(placesTaken(stored, NOW)).toBeLessThanOrEqual(6);
        }),
        { numRuns: 15, endOnFailure: true },
      );
      expect(await bookings.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    });
  });
});

describe('BookingRepository.change from two server connections on one Firestore emulator', () => {
  it('of cancellations racing from two connections one wins; a booking racing from the other never overfills', async () => {
    await onTwoClients(firestore, async (db, other) => {
      const one = new FirestoreBookingRepository(db);
      const two = new FirestoreBookingRepository(other);
      await one.addIfPlacesRemain(aBooking({ id: 'holder', numberAttending: 3 }), { capacity: 4, now: NOW });
      await one.addIfPlacesRemain(aBooking({ id: 'small', numberAttending: 1 }), { capacity: 4, now: NOW });
      const outcomes = await Promise.allSettled([
        one.change('holder', NOW, cancel('member', false)),
        two.change('holder', NOW, cancel('member', false)),
        two.addIfPlacesRemain(aBooking({ id: 'newcomer', numberAttending: 3 }), { capacity: 4, now: NOW }),
        one.change('small', NOW, (current, placesTaken) => (placesTaken + 1 <= 4 ? { booking: { ...current, numberAttending: 2 } } : null)),
      ]);
      const cancels = outcomes.slice(0, 2);
      expect(cancels.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(cancels.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ConflictError)).toBe(true);
      const stored = await one.listByEvent('summer-regatta');
      expect(placesTaken(stored, NOW)).toBeLessThanOrEqual(4);
      expect(await taken(one)).toBe(placesTaken(stored, NOW));
      expect(await one.checkPlaces({ now: NOW, repair: false })).toEqual([]);
    });
  });
});
