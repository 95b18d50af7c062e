import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { addAdmin, addEvent, FETCH, PASSWORD, startTestApp, type TestApp } from '../../support/api/test-app';

let app: TestApp | undefined;
let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await app?.dispose();
  app = undefined;
});

function listen(testApp: TestApp): Server {
  server = testApp.built.app.listen(0, '127.0.0.1');
  return server;
}

const booking = (eventId: string, n: number, attending = 1) => ({ eventId, firstName: `Sailor${n}`, lastName: 'Test', numberAttending: String(attending) });

describe('concurrent bookings', () => {
  it('50 simultaneous bookings for an event with 10 places accept exactly 10 attendees', async () => {
    app = await startTestApp();
    const event = await addEvent(app, { capacity: 10 });
    const http = listen(app);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => request(http).post('/api/bookings').send(booking(event.id, i))));
    const accepted = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body).toEqual({ error: 'Fully booked', placesLeft: 0 });
    const stored = await app.get('bookings').listByEvent(event.id);
    expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(10);
    expect(new Set(stored.map((b) => b.id))).toEqual(new Set(accepted.map((r) => r.body.bookingId)));
  });

  it('mixed party sizes never overfill, and every refusal reports the places then left', async () => {
    app = await startTestApp();
    const event = await addEvent(app, { capacity: 17 });
    const http = listen(app);
    const sizes = Array.from({ length: 40 }, (_, i) => (i % 4) + 1);
    const answers = await Promise.all(
      sizes.map((size, i) =>
        request(http)
          .post('/api/bookings')
          .send(booking(event.id, i, size)),
      ),
    );
    const acceptedAttendees = answers.reduce((sum, r, i) => sum + (r.status === 201 ? sizes[i] : 0), 0);
    expect(acceptedAttendees).toBeLessThanOrEqual(17);
    for (const [i, r] of answers.entries()) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.placesLeft).toBeLessThan(sizes[i]);
    }
    // Ones are among the sizes, so the event ends exactly full.
    expect(acceptedAttendees).toBe(17);
    const stored = await app.get('bookings').listByEvent(event.id);
    expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(acceptedAttendees);
  });
});

describe('restart', () => {
  it('keeps every acknowledged booking and the signed-in sessions across a restart on the same file', async () => {
    app = await startTestApp();
    const event = await addEvent(app, { capacity: 30 });
    await addAdmin(app, 'keeper@example.org');
    const http = listen(app);
    const login = await request(http).post('/api/admin/session').set(FETCH).send({ email: 'keeper@example.org', password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(http)
          .post('/api/bookings')
          .send(booking(event.id, i, 2)),
      ),
    );
    const acknowledged = answers.filter((r) => r.status === 201).map((r) => r.body.bookingId as string);
    expect(acknowledged).toHaveLength(15);
    await new Promise<void>((resolve) => http.close(() => resolve()));
    server = undefined;

    await app.restart();

    const after = await request(app.built.app).get(`/api/admin/events/${event.id}/bookings`).set('Cookie', cookie);
    expect(after.status).toBe(200);
    expect(new Set(after.body.bookings.map((b: { id: string }) => b.id))).toEqual(new Set(acknowledged));
    expect(after.body.summary.attendees).toBe(30);
    expect((await request(app.built.app).get('/api/admin/session').set('Cookie', cookie)).body.admin.email).toBe('keeper@example.org');
    expect((await request(app.built.app).get(`/api/events/${event.id}`)).body.event.placesLeft).toBe(0);
  });
});
