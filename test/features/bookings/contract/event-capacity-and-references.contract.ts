import { describe, expect, it } from 'vitest';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import type { EventRepository } from '../../../../core/events/event-repository.port';
import { bookingReference, BookingReferenceSchema } from '../../../../core/bookings/booking-reference';
import { EVENT_FORM_MESSAGES } from '../../../../core/events/event-form';
import { NotEnoughPlacesError, ValidationError } from '../../../../core/shared/errors';
import { rejectionOf, useFreshAdapter, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aBooking, anEvent } from '../../../support/entities';

/** One storage's events and bookings, on the same database. */
export interface EventsAndBookings {
  events: EventRepository;
  bookings: BookingRepository;
}

const NOW = new Date('2026-06-01T09:00:00.000Z');
const FREE = { requiresPayment: false, price: 0 } as const;

/**
 * The storage's side of events' capacity and booking references: bookings' short references are unique and kept (the booking's
 * commit refuses a taken one), and an event's capacity is checked against the places ledger in
 * the same atomic step as it is written, while bookings count the stored capacity, so a capacity
 * cut racing bookings never leaves more places taken than the capacity.
 */
export function describeEventCapacityAndReferencesContract(name: string, makeAdapter: AdapterFactory<EventsAndBookings>): void {
  describe(`${name} (event capacity and booking references)`, () => {
    const storage = useFreshAdapter(makeAdapter);

    it('stores a booking’s reference, finds the booking by it, and refuses a second booking with the same one', async () => {
      const { bookings } = storage();
      const first = aBooking({ id: 'first', reference: 'KYC-7F3K9', userEmail: 'ann@example.com' });
      expect(await bookings.addIfPlacesRemain(first, { capacity: null, now: NOW })).toEqual({ added: true });
      expect(await bookings.get('first')).toEqual(first);
      expect(await bookings.findByReference('KYC-7F3K9')).toEqual(first);
      expect(await bookings.findByReference('KYC-7F3K8')).toBeNull();

      const second = aBooking({ id: 'second', reference: 'KYC-7F3K9' });
      expect(await bookings.addIfPlacesRemain(second, { capacity: null, now: NOW }, [])).toEqual({ added: false, referenceTaken: true });
      expect(await bookings.get('second')).toBeNull();
      expect(await bookings.placesTakenByEvent([first.eventId], NOW)).toEqual(new Map([[first.eventId, 1]]));
      expect(await bookings.addIfPlacesRemain({ ...second, reference: 'KYC-7F3KA' }, { capacity: null, now: NOW })).toEqual({ added: true });
    });

    it('of many bookings made at once with clashing references, stores each reference once', async () => {
      const { bookings } = storage();
      const references = ['KYC-22222', 'KYC-33333', 'KYC-44444'];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          bookings.addIfPlacesRemain(aBooking({ id: `race-${i}`, reference: references[i % 3] }), { capacity: null, now: NOW }),
        ),
      );
      expect(results.filter((r) => r.added)).toHaveLength(3);
      expect(results.filter((r) => !r.added && 'referenceTaken' in r)).toHaveLength(9);
      const stored = await bookings.listAll();
      expect(stored.map((b) => b.reference).sort()).toEqual(references);
    });

    it('gives every booking stored without a reference a unique one, passing over those taken, and keeps it', async () => {
      const { bookings } = storage();
      const referenceFor = (id: string, attempt: number) => bookingReference('KYC', id, attempt);
      await bookings.addIfPlacesRemain(aBooking({ id: 'has-one', reference: referenceFor('old-1', 0) }), { capacity: null, now: NOW });
      for (const id of ['old-1', 'old-2', 'old-3']) await bookings.addIfPlacesRemain(aBooking({ id, reference: null }), { capacity: null, now: NOW });

      expect(await bookings.assignMissingReferences(referenceFor)).toBe(3);
      const stored = await bookings.listAll();
      const references = stored.map((b) => b.reference);
      for (const reference of references) expect(BookingReferenceSchema.safeParse(reference).success).toBe(true);
      expect(new Set(references).size).toBe(4);
      // old-1's first choice was taken: it got its second.
      expect((await bookings.get('old-1'))?.reference).toBe(referenceFor('old-1', 1));
      expect((await bookings.findByReference(referenceFor('old-2', 0)))?.id).toBe('old-2');
      expect(await bookings.assignMissingReferences(referenceFor)).toBe(0);
      expect((await bookings.listAll()).map((b) => b.reference)).toEqual(references);
    });

    it('refuses to write a capacity below the places taken, with the rule’s message, and writes nothing', async () => {
      const { events, bookings } = storage();
      const event = anEvent({ ...FREE, capacity: 20 });
      await events.create(event);
      await bookings.addIfPlacesRemain(aBooking({ id: 'eight', eventId: event.id, numberAttending: 8 }), { capacity: 20, now: NOW });

      const error = await rejectionOf(events.update({ ...event, capacity: 7, sequence: 1 }, { sequence: 0 }, { placesAt: NOW }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe('8 places are already taken: capacity cannot be less than 8.');
      expect((error as ValidationError).fields).toEqual({ capacity: EVENT_FORM_MESSAGES.capacityBelowTaken(8) });
      expect((await events.get(event.id))?.capacity).toBe(20);

      expect(await events.update({ ...event, capacity: 8, sequence: 1 }, { sequence: 0 }, { placesAt: NOW })).toBe(true);
      expect((await events.get(event.id))?.capacity).toBe(8);
      // Still answers false for an event changed meanwhile, before looking at places.
      expect(await events.update({ ...event, capacity: 30, sequence: 1 }, { sequence: 0 }, { placesAt: NOW })).toBe(false);
    });

    it('counts the stored capacity for a booking whose caller read the event before its capacity was cut', async () => {
      const { events, bookings } = storage();
      const event = anEvent({ ...FREE, capacity: 20 });
      await events.create(event);
      const stale = { capacity: 20, eventSequence: 0, now: NOW };
      await bookings.addIfPlacesRemain(aBooking({ id: 'three', eventId: event.id, numberAttending: 3 }), stale);
      expect(await events.update({ ...event, capacity: 4, sequence: 1 }, { sequence: 0 }, { placesAt: NOW })).toBe(true);

      expect(await bookings.addIfPlacesRemain(aBooking({ id: 'two', eventId: event.id, numberAttending: 2 }), stale)).toEqual({ added: false, placesLeft: 1 });
      expect(await bookings.holdForOffer(event.id, { bookingId: 'offer:x', places: 2, untilMs: NOW.getTime() + 60_000 }, stale)).toBe(false);
      expect(await bookings.addIfPlacesRemain(aBooking({ id: 'one', eventId: event.id, numberAttending: 1 }), stale)).toEqual({ added: true });
      expect(await bookings.placesTakenByEvent([event.id], NOW)).toEqual(new Map([[event.id, 4]]));
    });

    it('never leaves more places taken than the capacity when bookings race a capacity cut; each refused side is told why', async () => {
      const { events, bookings } = storage();
      const event = anEvent({ ...FREE, capacity: 30 });
      await events.create(event);
      for (const id of ['a', 'b', 'c', 'd'])
        await bookings.addIfPlacesRemain(aBooking({ id, eventId: event.id, numberAttending: 1 }), { capacity: 30, now: NOW });

      // Every booking read the event before the cut: capacity 30, revision 0.
      const booked = Array.from({ length: 16 }, (_, i) =>
        bookings.addIfPlacesRemain(aBooking({ id: `racer-${i}`, eventId: event.id, numberAttending: 1 }), { capacity: 30, eventSequence: 0, now: NOW }),
      );
      const cut = events.update({ ...event, capacity: 10, sequence: 1 }, { sequence: 0 }, { placesAt: NOW }).then(
        (written) => ({ written, error: null }),
        (error: unknown) => ({ written: false, error }),
      );
      const [results, update] = await Promise.all([Promise.all(booked), cut]);

      const stored = await events.get(event.id);
      const taken = (await bookings.placesTakenByEvent([event.id], NOW)).get(event.id) ?? 0;
      expect(taken).toBe(4 + results.filter((r) => r.added).length);
      expect(taken).toBeLessThanOrEqual(stored?.capacity ?? 0);
      if (update.written) {
        expect(stored?.capacity).toBe(10);
      } else {
        // Refused: more than 10 were taken when it was decided, and the admin is told how many.
        expect(update.error).toBeInstanceOf(ValidationError);
        expect((update.error as Error).message).toMatch(/^\d+ places are already taken: capacity cannot be less than \d+\.$/);
        expect(stored?.capacity).toBe(30);
      }
      for (const result of results) {
        if (!result.added) {
          expect('placesLeft' in result).toBe(true);
          if ('placesLeft' in result) expect(new NotEnoughPlacesError(result.placesLeft).message).toBe('Fully booked');
        }
      }
    });
  });
}
