import { describe, expect, it } from 'vitest';
import { GetBookingsOverview } from '../../../../core/bookings/bookings-overview';
import { GetEventBookings } from '../../../../core/operations/event-bookings';
import { ExportEventBookings } from '../../../../core/operations/export-event-bookings';
import { GetDashboard } from '../../../../core/operations/dashboard';
import { CheckPlaces } from '../../../../core/bookings/check-places';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { ConfirmPayment } from '../../../../core/bookings/confirm-payment';
import { NotFoundError, PermissionError } from '../../../../core/shared/errors';
import { aForm, GOOD_CARD, makeWorld, REGATTA, withPermissions, type World } from '../../../support/unit/world';
import { anAdmin, anEvent } from '../../../support/entities';

const simple = { numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' };

/** A paid event with one paid and one pending booking, and a free event with one booking. */
async function seed(world: World) {
  await world.events.create(
    anEvent({
      ...REGATTA,
      id: 'dinner',
      name: 'Laying-up Dinner',
      requiresPayment: true,
      price: 2500,
      eventdatetime: '2026-06-20T18:00:00.000Z',
      eventenddatetime: null,
    }),
  );
  await world.events.create(anEvent({ ...REGATTA, id: 'regatta', eventdatetime: '2026-07-04T09:00:00.000Z' }));
  await world.events.create(anEvent({ ...REGATTA, id: 'ancient', name: 'Old Race', eventdatetime: '2025-09-01T09:00:00.000Z', eventenddatetime: null }));
  const submit = new SubmitBooking(world);
  const paid = await submit.execute(aForm({ eventId: 'dinner', numberAttending: '2', ...simple }));
  await new ConfirmPayment(world).execute({ source: 'card', checkoutId: paid.checkoutId!, cardToken: GOOD_CARD });
  world.clock.advance(60_000);
  await submit.execute(aForm({ eventId: 'dinner', firstName: 'Bob', numberAttending: '1', ...simple }));
  world.clock.advance(60_000);
  await submit.execute(
    aForm({ eventId: 'regatta', firstName: 'Cat', numberAttending: '4', numberOfChildren: '2', numberOfSoftDrinks: '1', numberOfVegetarian: '1' }),
  );
  return { paidBookingId: paid.bookingId, paidCheckoutId: paid.checkoutId! };
}

describe('GetBookingsOverview', () => {
  it('sums bookings, attendees, payment states and paid revenue per event of the last six months and later', async () => {
    const world = makeWorld();
    await seed(world);
    const overview = await new GetBookingsOverview(world).execute(withPermissions(['bookings:read']));
    // Six months before 1 June is 1 December, from its London midnight (winter time: 00:00 UTC).
    expect(overview.from).toBe('2025-12-01T00:00:00.000Z');
    expect(overview.rows.map((r) => [r.eventId, r.bookings, r.attendees, r.paid, r.pending, r.free, r.revenue])).toEqual([
      ['regatta', 1, 4, 0, 0, 1, 0],
      ['dinner', 2, 3, 1, 1, 0, 5000],
    ]);
    expect(overview.totals).toEqual({ bookings: 3, attendees: 7, revenue: { GBP: 5000 }, memberRevenue: {} });
  });

  it('reads only the bookings of the events it shows', async () => {
    const world = makeWorld();
    await seed(world);
    const read: string[] = [];
    const listByEvent = world.bookings.listByEvent.bind(world.bookings);
    world.bookings.listByEvent = (eventId) => {
      read.push(eventId);
      return listByEvent(eventId);
    };
    world.bookings.listAll = () => Promise.reject(new Error('every booking ever made was read'));
    await new GetBookingsOverview(world).execute(withPermissions(['bookings:read']));
    expect(read.sort()).toEqual(['dinner', 'regatta']);
  });

  it('needs bookings:read', async () => {
    const world = makeWorld();
    await expect(new GetBookingsOverview(world).execute(withPermissions(['events:read', 'events:write']))).rejects.toMatchObject({
      code: 'PERMISSION',
      message: "You don't have permission to view bookings.",
      permission: 'bookings:read',
    });
  });
});

describe('GetEventBookings', () => {
  it('gives the summary and the bookings, newest first, with payment status and a short payment id', async () => {
    const world = makeWorld();
    const { paidBookingId, paidCheckoutId } = await seed(world);
    const result = await new GetEventBookings(world).execute(withPermissions(['bookings:read']), 'dinner');
    expect(result.event.id).toBe('dinner');
    expect(result.summary).toMatchObject({ bookings: 2, attendees: 3, paid: 1, pending: 1, free: 0, revenue: { GBP: 5000 } });
    expect(result.bookings.map((b) => [b.firstName, b.paymentStatus, b.paymentIdShort])).toEqual([
      ['Bob', 'Pending', ''],
      ['Ann', 'Paid', `pay_${paidCheckoutId}`.slice(0, 8)],
    ]);
    expect(result.bookings[1].id).toBe(paidBookingId);
    expect(result.bookings[1].paymentIdShort).toHaveLength(8);
    const free = await new GetEventBookings(world).execute(anAdmin(), 'regatta');
    expect(free.bookings.map((b) => b.paymentStatus)).toEqual(['Free Event']);
  });

  it('needs bookings:read and 404s an unknown event', async () => {
    const world = makeWorld();
    await seed(world);
    await expect(new GetEventBookings(world).execute(withPermissions(['events:read']), 'dinner')).rejects.toBeInstanceOf(PermissionError);
    const missing = new GetEventBookings(world).execute(anAdmin(), 'nope');
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toThrow('Event not found');
  });
});

describe('ExportEventBookings', () => {
  it("gives a CSV of the event's bookings named after the event", async () => {
    const world = makeWorld();
    await seed(world);
    const { fileName, csv } = await new ExportEventBookings(world).execute(anAdmin(), 'dinner');
    expect(fileName).toBe('laying_up_dinner_bookings.csv');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Bob');
    expect(lines[2]).toContain('Ann');
  });

  it('needs bookings:read and 404s an unknown event', async () => {
    const world = makeWorld();
    await expect(new ExportEventBookings(world).execute(withPermissions([]), 'dinner')).rejects.toMatchObject({ permission: 'bookings:read' });
    await expect(new ExportEventBookings(world).execute(anAdmin(), 'nope')).rejects.toThrow('Event not found');
  });
});

describe('GetDashboard', () => {
  it('shows five events, the next first, and, with bookings:read, the booking statistics', async () => {
    const world = makeWorld();
    await seed(world);
    for (let i = 1; i <= 4; i += 1) {
      await world.events.create(anEvent({ ...REGATTA, id: `future-${i}`, eventdatetime: `2027-0${i}-01T09:00:00.000Z`, eventenddatetime: null }));
    }
    const dashboard = await new GetDashboard(world).execute(withPermissions(['bookings:read']));
    // The clock reads 1 June 2026: the dinner and the regatta come next, then the next year's, not the farthest first.
    expect(dashboard.recentEvents.map((e) => e.id)).toEqual(['dinner', 'regatta', 'future-1', 'future-2', 'future-3']);
    expect(dashboard.statistics).toEqual([
      { eventId: 'regatta', eventName: 'Summer Regatta', bookings: 1, attendees: 4 },
      { eventId: 'dinner', eventName: 'Laying-up Dinner', bookings: 2, attendees: 3 },
    ]);
  });

  it('needs only a signed-in admin, but hides the statistics without bookings:read', async () => {
    const world = makeWorld();
    await seed(world);
    const dashboard = await new GetDashboard(world).execute(withPermissions([]));
    expect(dashboard.recentEvents).toHaveLength(3);
    expect(dashboard.statistics).toBeNull();
  });
});

describe('CheckPlaces', () => {
  it('finds every ledger in step after bookings and payments, and asks the storage at the clock’s time', async () => {
    const world = makeWorld();
    await seed(world);
    const asked: { now: Date; repair: boolean }[] = [];
    const checkPlaces = world.bookings.checkPlaces.bind(world.bookings);
    world.bookings.checkPlaces = (options) => {
      asked.push(options);
      return checkPlaces(options);
    };
    expect(await new CheckPlaces(world).execute({ repair: false })).toEqual([]);
    expect(await new CheckPlaces(world).execute({ repair: true })).toEqual([]);
    expect(asked).toEqual([
      { now: world.clock.now(), repair: false },
      { now: world.clock.now(), repair: true },
    ]);
  });
});
