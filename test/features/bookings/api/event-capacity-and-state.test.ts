import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { emptyEventForm, eventToFormValues } from '../../../../core/events/event-form';
import { addAdmin, addEvent, FETCH, signIn, type TestApp, startTestApp } from '../../../support/api/test-app';

// Events' capacity and state on the app's own storage (SQLite, and Firestore in the api-firestore project): a
// capacity below the places taken is refused; the admin list gives places taken and the booking
// state; an event that is over cannot be cancelled. The clock stands at NOW (2026-06-01).

let app: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  app = await startTestApp();
  await addAdmin(app, 'secretary@example.org');
  admin = app.agent();
  await signIn(admin, 'secretary@example.org');
});
afterAll(async () => {
  await app.dispose();
});

async function book(eventId: string, places: number): Promise<void> {
  const res = await app
    .agent()
    .post('/api/bookings')
    .send({ eventId, firstName: 'Ada', lastName: 'Lovelace', numberAttending: String(places), email: '' });
  expect(res.status).toBe(201);
}

describe('capacity below the places taken', () => {
  it('is refused (400) naming the places taken, and nothing changes; the places taken themselves, or no limit, are accepted', async () => {
    const event = await addEvent(app, { allowBooking: true, capacity: 12 });
    await book(event.id, 4);
    await book(event.id, 4);
    const form = { ...emptyEventForm(), ...eventToFormValues(event) };

    const read = await admin.get(`/api/admin/events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.body.placesTaken).toBe(8);

    const refused = await admin
      .put(`/api/admin/events/${event.id}`)
      .set(FETCH)
      .send({ ...form, capacity: '5' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ capacity: '8 places are already taken: capacity cannot be less than 8.' });
    const stored = await app.get('events').get(event.id);
    expect(stored).toEqual(event);

    const exact = await admin
      .put(`/api/admin/events/${event.id}`)
      .set(FETCH)
      .send({ ...form, capacity: '8' });
    expect(exact.status).toBe(200);
    expect(exact.body.event.capacity).toBe(8);
    const unlimited = await admin
      .put(`/api/admin/events/${event.id}`)
      .set(FETCH)
      .send({ ...form, capacity: '' });
    expect(unlimited.status).toBe(200);
    expect(unlimited.body.event.capacity).toBeNull();
  });
});

describe('the admin events list', () => {
  it('gives each event its places taken and the booking state the core decides', async () => {
    const full = await addEvent(app, { allowBooking: true, capacity: 2 });
    await book(full.id, 2);
    const closed = await addEvent(app, { allowBooking: true, bookingEndDate: '2026-05-30T12:00:00.000Z' });
    const over = await addEvent(app, { allowBooking: false, eventdatetime: '2026-05-20T10:00:00.000Z', eventenddatetime: null });
    const open = await addEvent(app, { allowBooking: true, capacity: 10 });
    await book(open.id, 3);

    const res = await admin.get('/api/admin/events');
    expect(res.status).toBe(200);
    const byId = new Map<string, { placesTaken: number; bookingState: string | null; allowBooking: boolean }>(
      res.body.events.map((e: { id: string }) => [e.id, e]),
    );
    expect(byId.get(full.id)).toMatchObject({ placesTaken: 2, bookingState: 'Full', allowBooking: true });
    expect(byId.get(closed.id)).toMatchObject({ placesTaken: 0, bookingState: 'Closed' });
    expect(byId.get(over.id)).toMatchObject({ placesTaken: 0, bookingState: 'Over', allowBooking: false });
    expect(byId.get(open.id)).toMatchObject({ placesTaken: 3, bookingState: null });
  });
});

describe('cancelling an event that is over', () => {
  it('is refused (409) with a clear message, and changes nothing', async () => {
    const over = await addEvent(app, { allowBooking: true, eventdatetime: '2026-05-20T10:00:00.000Z', eventenddatetime: '2026-05-20T16:00:00.000Z' });
    const res = await admin.post(`/api/admin/events/${over.id}/cancel`).set(FETCH).send({ reason: 'Rain' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This event is over, so it can no longer be cancelled: its bookings stand and nobody is refunded.' });
    expect(await app.get('events').get(over.id)).toEqual(over);
  });
});

describe('a capacity cut racing bookings', () => {
  it('never leaves more places taken than the capacity, and each refused side is told why', async () => {
    const event = await addEvent(app, { allowBooking: true, capacity: 30, requiresPayment: false, price: 0 });
    await book(event.id, 4);
    const form = { ...emptyEventForm(), ...eventToFormValues(event) };

    // Twenty one-place bookings and a cut to 10 at once: the cut reads 4 taken, the bookings read 30.
    const bookings = Array.from({ length: 20 }, (_, i) =>
      app
        .agent()
        .post('/api/bookings')
        .send({ eventId: event.id, firstName: 'Racer', lastName: `No ${i}`, numberAttending: '1', email: '' }),
    );
    const cut = admin
      .put(`/api/admin/events/${event.id}`)
      .set(FETCH)
      .send({ ...form, capacity: '10' });
    const [booked, update] = await Promise.all([Promise.all(bookings), cut]);

    const stored = await app.get('events').get(event.id);
    const read = await admin.get(`/api/admin/events/${event.id}`);
    const taken: number = read.body.placesTaken;
    expect(taken).toBe(4 + booked.filter((r) => r.status === 201).length);
    expect(taken).toBeLessThanOrEqual(stored?.capacity ?? 0);
    if (update.status === 200) {
      expect(stored?.capacity).toBe(10);
    } else {
      expect(update.status).toBe(400);
      expect(update.body.error).toMatch(/^\d+ places are already taken: capacity cannot be less than \d+\.$/);
      expect(stored?.capacity).toBe(30);
    }
    for (const refused of booked.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/^(Fully booked|Sorry, only \d+ places are left)$/);
    }
  });
});
