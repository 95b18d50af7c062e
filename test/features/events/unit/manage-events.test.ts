import { describe, expect, it } from 'vitest';
import { CreateEvent } from '../../../../core/events/create-event';
import { UpdateEvent } from '../../../../core/operations/update-event';
import { DeleteEvent } from '../../../../core/operations/delete-event';
import { ListAdminEvents } from '../../../../core/operations/list-admin-events';
import { GetAdminEvent } from '../../../../core/operations/get-admin-event';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { CancelEvent } from '../../../../core/operations/cancel-event';
import { ConflictError, NotFoundError, PermissionError, UnavailableError, ValidationError } from '../../../../core/shared/errors';
import type { SearchIndex } from '../../../../core/search/search-index.port';
import { aForm, makeWorld, REGATTA, withPermissions, type World } from '../../../support/unit/world';
import { anAdmin, anEvent } from '../../../support/entities';

const form = {
  name: '  Autumn Regatta ',
  description: 'Two races',
  longdescription: 'Racing all day, then dinner.',
  eventdatetime: '2026-09-12T10:00',
  eventenddatetime: '2026-09-12T17:30',
  bookingEndDate: '2026-09-10T18:00',
  allowBooking: true,
  isBoatEvent: true,
  offerChild: false,
  offerSoftDrinks: true,
  offerVeg: false,
  requiresPayment: true,
  price: '12.50',
  currency: 'EUR',
  capacity: '40',
};

/** A search index that is down: every call fails. */
const brokenSearch: SearchIndex = {
  providerName: 'broken',
  search: async () => {
    throw new UnavailableError('search down');
  },
  upsert: async () => {
    throw new UnavailableError('search down');
  },
  remove: async () => {
    throw new UnavailableError('search down');
  },
  replaceAll: async () => {
    throw new UnavailableError('search down');
  },
};

const searchIds = async (world: World, q: string) => (await world.search.search(q, { hitsPerIndex: 10 })).map((h) => h.objectID);

describe('events and the card account’s currency', () => {
  const notTaken = "Card payments can only be taken in GBP (the currency of the club's card payment account): choose GBP, or turn off payment for this event";

  it('refuses a paid event in a currency card payments cannot take, on create and on update, storing nothing', async () => {
    const world = makeWorld();
    world.payments.takesOnly = 'GBP';
    const refused = await new CreateEvent(world).execute(anAdmin(), form).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({ currency: notTaken });
    expect(await world.events.list({ order: 'asc' })).toEqual([]);

    const saved = await new CreateEvent(world).execute(anAdmin(), { ...form, currency: 'GBP' });
    const update = new UpdateEvent(world).execute(anAdmin(), saved.id, { ...form, currency: 'USD' });
    await expect(update).rejects.toMatchObject({ fields: { currency: notTaken } });
    expect((await world.events.get(saved.id))?.currency).toBe('GBP');
  });

  it('lets a free event have any currency, and any currency when the gateway takes any', async () => {
    const world = makeWorld();
    world.payments.takesOnly = 'GBP';
    expect((await new CreateEvent(world).execute(anAdmin(), { ...form, requiresPayment: false, price: '' })).currency).toBe('EUR');
    world.payments.takesOnly = null;
    expect((await new CreateEvent(world).execute(anAdmin(), form)).currency).toBe('EUR');
  });
});

describe('CreateEvent', () => {
  it('stores the event from the admin form (London times, price in pence) and indexes it for search', async () => {
    const world = makeWorld();
    const event = await new CreateEvent(world).execute(anAdmin(), form);
    // The form's fields as typed, but for the name trimmed, times in UTC, price and capacity as numbers.
    expect(event).toEqual({
      ...form,
      id: 'id-000001',
      name: 'Autumn Regatta',
      eventdatetime: '2026-09-12T09:00:00.000Z',
      eventenddatetime: '2026-09-12T16:30:00.000Z',
      bookingEndDate: '2026-09-10T17:00:00.000Z',
      price: 1250,
      memberPrice: null,
      capacity: 40,
      remindersOff: false,
      createdAt: '2026-06-01T09:00:00.000Z',
      updatedAt: '2026-06-01T09:00:00.000Z',
      sequence: 0,
      cancelledAt: null,
      cancelReason: null,
    });
    expect(await world.events.get('id-000001')).toEqual(event);
    const [hit] = await world.search.search('autumn', { hitsPerIndex: 10 });
    expect(hit).toMatchObject({ objectID: 'id-000001', index: 'events', bookingUrl: '/event-booking?id=id-000001', tags: ['Boat event', 'Drinks', 'Paid'] });
  });

  it('needs events:write', async () => {
    const world = makeWorld();
    const attempt = new CreateEvent(world).execute(withPermissions(['events:read', 'bookings:read']), form);
    await expect(attempt).rejects.toBeInstanceOf(PermissionError);
    await expect(attempt).rejects.toMatchObject({ message: 'You do not have permission to create events.', permission: 'events:write' });
    expect(await world.events.list({ order: 'asc' })).toEqual([]);
  });

  it('refuses an invalid form with a message per field and stores nothing', async () => {
    const world = makeWorld();
    const use = new CreateEvent(world);
    await expect(use.execute(anAdmin(), { ...form, name: ' ', eventdatetime: '' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Event name is required',
      fields: { name: 'Event name is required', eventdatetime: 'Start date and time is required' },
    });
    await expect(use.execute(anAdmin(), { ...form, price: '' })).rejects.toMatchObject({ fields: { price: 'Price is required when payment is required' } });
    await expect(use.execute(anAdmin(), { ...form, allowBooking: 'yes' })).rejects.toBeInstanceOf(ValidationError);
    await expect(use.execute(anAdmin(), 'junk')).rejects.toBeInstanceOf(ValidationError);
    expect(await world.events.list({ order: 'asc' })).toEqual([]);
  });

  it('keeps the saved event when the search index is down, and reports the failure', async () => {
    const world = makeWorld();
    const reported: unknown[] = [];
    const event = await new CreateEvent({ ...world, search: brokenSearch, reportSearchIndexError: (e) => reported.push(e) }).execute(anAdmin(), form);
    expect(await world.events.get(event.id)).toEqual(event);
    expect(reported).toEqual([expect.any(UnavailableError)]);
  });
});

describe('UpdateEvent', () => {
  it('replaces the fields, keeps id and creation time, and updates the search index', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, createdAt: '2026-01-01T00:00:00.000Z' }));
    await world.search.upsert('events', [{ objectID: 'regatta', type: 'event', category: 'event', name: 'Summer Regatta', tags: [] }]);
    world.clock.advance(60_000);
    const updated = await new UpdateEvent(world).execute(anAdmin(), 'regatta', { ...form, name: 'Midsummer Cruise', allowBooking: false });
    expect(updated).toMatchObject({
      id: 'regatta',
      name: 'Midsummer Cruise',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-06-01T09:01:00.000Z',
      price: 1250,
    });
    expect(await world.events.get('regatta')).toEqual(updated);
    expect(await searchIds(world, 'summer')).toEqual([]);
    const [hit] = await world.search.search('midsummer', { hitsPerIndex: 10 });
    expect(hit.objectID).toBe('regatta');
    expect(hit.bookingUrl).toBeUndefined();
  });

  it('keeps a time the form shows as opened, also the second 01:30 of the autumn clock change; a time typed again is read as the first', async () => {
    const world = makeWorld();
    // 01:30 GMT on 25 October 2026, after the clocks went back: 01:30 happens twice that night.
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-10-25T01:30:00.000Z', eventenddatetime: null }));
    const use = new UpdateEvent(world);
    const shown = { ...form, requiresPayment: false, price: '', eventdatetime: '2026-10-25T01:30', eventenddatetime: '', bookingEndDate: '' };
    expect((await use.execute(anAdmin(), 'regatta', { ...shown, name: 'Night Sail' })).eventdatetime).toBe('2026-10-25T01:30:00.000Z');
    // Typed as another time and back, the wall clock reads the first 01:30 (BST), as on creation.
    await use.execute(anAdmin(), 'regatta', { ...shown, eventdatetime: '2026-10-25T02:30' });
    expect((await use.execute(anAdmin(), 'regatta', shown)).eventdatetime).toBe('2026-10-25T00:30:00.000Z');
  });

  it('raises the revision number calendars compare (SEQUENCE) by one on every saved change', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, sequence: 4 }));
    const use = new UpdateEvent(world);
    expect((await use.execute(anAdmin(), 'regatta', form)).sequence).toBe(5);
    expect((await use.execute(anAdmin(), 'regatta', { ...form, name: 'Midsummer Cruise' })).sequence).toBe(6);
    expect((await world.events.get('regatta'))?.sequence).toBe(6);
    // A refused change is no revision.
    await expect(use.execute(anAdmin(), 'regatta', { ...form, name: ' ' })).rejects.toBeInstanceOf(ValidationError);
    expect((await world.events.get('regatta'))?.sequence).toBe(6);
  });

  it('needs events:write, 404s an unknown event and refuses an invalid form', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    const use = new UpdateEvent(world);
    await expect(use.execute(withPermissions(['events:read']), 'regatta', form)).rejects.toMatchObject({
      code: 'PERMISSION',
      message: 'You do not have permission to edit events.',
    });
    const missing = use.execute(anAdmin(), 'nope', form);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toThrow('Event not found');
    await expect(use.execute(anAdmin(), 'regatta', { ...form, eventenddatetime: '2026-09-12T09:00' })).rejects.toMatchObject({
      fields: { eventenddatetime: 'End must be after the start' },
    });
    expect(await world.events.get('regatta')).toEqual(anEvent(REGATTA));
  });

  it('refuses a capacity cut that a booking made after its first check would overfill: the storage checks again as it writes', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, capacity: 20, requiresPayment: false, price: 0 }));
    await new SubmitBooking(world).execute(aForm({ numberAttending: '8' }));
    // The use case's own early check reads the places before the booking above: none.
    const staleRead = {
      placesTakenByEvent: async (ids: string[]) => new Map(ids.map((id) => [id, 0])),
      listByEvent: world.bookings.listByEvent.bind(world.bookings),
    };
    const refused = new UpdateEvent({ ...world, bookings: staleRead }).execute(anAdmin(), 'regatta', {
      ...form,
      requiresPayment: false,
      price: '',
      capacity: '5',
    });
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      message: '8 places are already taken: capacity cannot be less than 8.',
      fields: { capacity: '8 places are already taken: capacity cannot be less than 8.' },
    });
    expect((await world.events.get('regatta'))?.capacity).toBe(20);
  });
});

describe('DeleteEvent', () => {
  it('deletes an event nobody booked and removes it from search', async () => {
    const world = makeWorld();
    await new CreateEvent(world).execute(anAdmin(), form);
    await new DeleteEvent(world).execute(anAdmin(), 'id-000001');
    expect(await world.events.get('id-000001')).toBeNull();
    expect(await searchIds(world, 'autumn')).toEqual([]);
  });

  it('refuses to delete an event that has bookings', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    await new SubmitBooking(world).execute(aForm());
    const attempt = new DeleteEvent(world).execute(anAdmin(), 'regatta');
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toThrow('This event has bookings and cannot be deleted');
    expect(await world.events.get('regatta')).not.toBeNull();
  });

  it('needs events:write and 404s an unknown event', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    await expect(new DeleteEvent(world).execute(withPermissions(['events:read']), 'regatta')).rejects.toMatchObject({
      message: 'You do not have permission to delete events.',
      permission: 'events:write',
    });
    await expect(new DeleteEvent(world).execute(anAdmin(), 'nope')).rejects.toThrow('Event not found');
    expect(await world.events.get('regatta')).not.toBeNull();
  });

  it('still deletes when the search index is down', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    await new DeleteEvent({ ...world, search: brokenSearch }).execute(anAdmin(), 'regatta');
    expect(await world.events.get('regatta')).toBeNull();
  });
});

describe('ListAdminEvents and GetAdminEvent', () => {
  it('list every event, the next first (soonest first, then those over, latest first), for an admin with events:read', async () => {
    // The world's clock reads 1 June 2026.
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, id: 'old', eventdatetime: '2025-05-01T09:00:00.000Z', eventenddatetime: null }));
    await world.events.create(anEvent({ ...REGATTA, id: 'last-week', eventdatetime: '2026-05-25T09:00:00.000Z', eventenddatetime: null }));
    await world.events.create(anEvent({ ...REGATTA, id: 'far', eventdatetime: '2027-08-01T09:00:00.000Z', eventenddatetime: null }));
    await world.events.create(anEvent({ ...REGATTA, id: 'next', eventdatetime: '2026-06-06T09:00:00.000Z', eventenddatetime: null }));
    await world.events.create(anEvent({ ...REGATTA, id: 'tbc', eventdatetime: null, eventenddatetime: null }));
    expect((await new ListAdminEvents(world).execute(withPermissions(['events:read']))).map((e) => e.id)).toEqual(['next', 'far', 'last-week', 'old', 'tbc']);
    await expect(new ListAdminEvents(world).execute(withPermissions([]))).rejects.toMatchObject({
      message: 'You do not have permission to view events.',
      permission: 'events:read',
    });
  });

  it('give one event with the values its edit form opens with', async () => {
    const world = makeWorld();
    const created = await new CreateEvent(world).execute(anAdmin(), form);
    const { event, form: values } = await new GetAdminEvent(world).execute(withPermissions(['events:read']), created.id);
    expect(event).toEqual(created);
    expect(values).toMatchObject({ name: 'Autumn Regatta', eventdatetime: '2026-09-12T10:00', price: '12.50', currency: 'EUR', capacity: '40' });
    await expect(new GetAdminEvent(world).execute(anAdmin(), 'nope')).rejects.toThrow('Event not found');
    await expect(new GetAdminEvent(world).execute(withPermissions([]), created.id)).rejects.toBeInstanceOf(PermissionError);
  });
});

describe('CancelEvent', () => {
  it('always closes the event’s waiting list with it: everyone in line is told, and its search record is written again', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-07-01T10:00:00.000Z' }));
    const joinedAt = world.clock.now().toISOString();
    await world.waitingList.join(
      {
        id: 'w1',
        eventId: 'regatta',
        name: 'Wendy Waiting',
        email: 'wendy@example.org',
        places: 2,
        joinedAt,
        status: 'waiting',
        offeredUntil: null,
        updatedAt: joinedAt,
        memberId: null,
      },
      [],
    );
    const result = await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Storm warning' });
    expect(result).toMatchObject({ cancelled: 0, refunded: 0, refundsFailed: 0 });
    expect((await world.waitingList.get('w1'))?.status).toBe('left');
    const mail = await world.outbox.list();
    expect(mail.map((m) => [m.mail.to, m.mail.subject])).toEqual([['wendy@example.org', `Event cancelled: ${result.event.name}`]]);
    expect((await world.search.search('regatta', { hitsPerIndex: 10 })).map((h) => h.objectID)).toContain('regatta');
  });
});
