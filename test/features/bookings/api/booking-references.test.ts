import { describe, expect, it } from 'vitest';
import { addAdmin, addEvent, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import type TestAgent from 'supertest/lib/agent';

let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  await addAdmin(app, 'secretary@example.org');
  admin = app.agent();
  await signIn(admin, 'secretary@example.org');
});

const form = { firstName: 'Ada', lastName: 'Lovelace', numberAttending: '1', email: 'ada@example.org' };

describe('booking references', () => {
  it('a booking is answered with a short reference, shown in its confirmation and manage page, and an admin finds it however typed', async () => {
    const event = await addEvent(app, { name: 'Reference Sail', capacity: 10, requiresPayment: false, price: 0 });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form });
    expect(booked.status).toBe(201);
    const reference: string = booked.body.reference;
    expect(reference).toMatch(/^KYC-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(booked.body.bookingId).not.toBe(reference);

    const mail = (await app.get('outbox').list({ limit: 100 })).find((m) => m.recordId === booked.body.bookingId);
    expect(mail?.mail.text).toContain(`Booking reference: ${reference}`);
    const token = new URL(booked.body.managePath, 'http://x').searchParams.get('token') ?? '';
    const page = await app.agent().get(`/api/my-booking?token=${encodeURIComponent(token)}`);
    expect(page.body.details).toContainEqual({ label: 'Booking reference', value: reference });

    const code = reference.slice(4);
    for (const typed of [reference, reference.toLowerCase(), `kyc ${code.slice(0, 2)} ${code.slice(2)}`, code]) {
      const found = await admin.get(`/api/admin/booking-references/${encodeURIComponent(typed)}`);
      expect(found.status, typed).toBe(200);
      expect(found.body.booking).toMatchObject({ id: booked.body.bookingId, reference });
    }
    const rows = await admin.get(`/api/admin/events/${event.id}/bookings`);
    expect(rows.body.bookings[0].reference).toBe(reference);
  });

  it('answers 400 for text that cannot be a reference and 404 for one no booking has, with clear messages', async () => {
    const bad = await admin.get('/api/admin/booking-references/KYC-0O1IL');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Booking references look like KYC-7F3K9: letters and digits after the dash.');
    const missing = await admin.get('/api/admin/booking-references/kyc-22222');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No booking has the reference KYC-22222.');
  });
});

describe('bookings stored before references', () => {
  it('each get a unique reference with the club’s prefix when the server starts (the demo club’s bookings among them)', async () => {
    const seeded = await startTestApp({ env: { SEED_DEMO_DATA: 'true', CLUB_NAME: 'Heron Sailing Club' } });
    try {
      const all = await seeded.get('bookings').listAll();
      expect(all.length).toBeGreaterThan(0);
      for (const booking of all) expect(booking.reference).toMatch(/^HSC-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
      expect(new Set(all.map((b) => b.reference)).size).toBe(all.length);
    } finally {
      await seeded.dispose();
    }
  });
});
