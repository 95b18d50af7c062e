import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ListCalendarEvents } from '../../../../core/calendar/list-calendar-events';
import { GetEventForBooking } from '../../../../core/bookings/get-event-for-booking';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { NotFoundError } from '../../../../core/shared/errors';
import { aForm, makeWorld, REGATTA, type World } from '../../../support/unit/world';
import { anEvent } from '../../../support/entities';

const simple = { numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' };

async function book(world: World, eventId: string, attending: number) {
  return new SubmitBooking(world).execute(aForm({ eventId, numberAttending: String(attending), ...simple }));
}

describe('ListCalendarEvents', () => {
  it('lists the events not over before today, start ascending, undated last, with booking state and places left', async () => {
    const world = makeWorld();
    world.clock.set('2026-06-10T12:00:00.000Z');
    await world.events.create(anEvent({ ...REGATTA, id: 'august', eventdatetime: '2026-08-01T09:00:00.000Z', eventenddatetime: null, capacity: 10 }));
    await world.events.create(anEvent({ ...REGATTA, id: 'last-month', eventdatetime: '2026-05-01T09:00:00.000Z', eventenddatetime: null }));
    // Earlier today: over, but still on today's calendar; no longer bookable.
    await world.events.create(
      anEvent({ ...REGATTA, id: 'this-morning', eventdatetime: '2026-06-10T08:00:00.000Z', eventenddatetime: '2026-06-10T10:00:00.000Z' }),
    );
    await world.events.create(anEvent({ ...REGATTA, id: 'tbc', eventdatetime: null, eventenddatetime: null, allowBooking: false }));
    await world.events.create(
      anEvent({ ...REGATTA, id: 'july', eventdatetime: '2026-07-01T09:00:00.000Z', eventenddatetime: null, bookingEndDate: '2026-06-09T00:00:00.000Z' }),
    );
    await book(world, 'august', 4);

    const events = await new ListCalendarEvents(world).execute();
    expect(events.map((e) => [e.id, e.bookingOpen, e.placesLeft])).toEqual([
      ['this-morning', false, null],
      ['july', false, null],
      ['august', true, 6],
      ['tbc', false, null],
    ]);
    expect(events[2]).toMatchObject({ name: 'Summer Regatta', capacity: 10 });
  });

  it('shows an empty calendar when there are no events', async () => {
    expect(await new ListCalendarEvents(makeWorld()).execute()).toEqual([]);
  });
});

describe('GetEventForBooking', () => {
  it('gives the event with its places left and no closed reason while bookable', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, capacity: 5 }));
    await book(world, 'regatta', 5);
    const { event, closedReason } = await new GetEventForBooking(world).execute('regatta');
    expect(closedReason).toBeNull();
    expect(event).toMatchObject({ id: 'regatta', bookingOpen: true, placesLeft: 0 });
  });

  it.each([
    ['not-bookable', { allowBooking: false }],
    ['deadline-passed', { bookingEndDate: '2026-05-01T00:00:00.000Z' }],
    ['event-over', { eventdatetime: '2026-05-01T09:00:00.000Z', eventenddatetime: null }],
  ] as const)('says why booking is closed: %s', async (reason, overrides) => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, ...overrides }));
    const { event, closedReason } = await new GetEventForBooking(world).execute('regatta');
    expect(closedReason).toBe(reason);
    expect(event.bookingOpen).toBe(false);
  });

  it('404s an unknown or blank id with "Event not found"', async () => {
    const world = makeWorld();
    for (const id of ['nope', '', '   ']) {
      const attempt = new GetEventForBooking(world).execute(id);
      await expect(attempt).rejects.toBeInstanceOf(NotFoundError);
      await expect(attempt).rejects.toThrow('Event not found');
    }
  });

  it('counts places left as capacity minus the places held, never below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }), async (capacity, sizes) => {
        const world = makeWorld();
        await world.events.create(anEvent({ ...REGATTA, capacity }));
        let held = 0;
        for (const size of sizes) {
          if (held + size <= capacity) {
            await book(world, 'regatta', size);
            held += size;
          }
        }
        const { event } = await new GetEventForBooking(world).execute('regatta');
        expect(event.placesLeft).toBe(capacity - held);
      }),
      { numRuns: 40 },
    );
  });
});
