import { describe, expect, it } from 'vitest';
import { OfferFreedPlaces } from '../../../../core/waiting-list/offer-freed-places';
import { addEvent, FETCH } from '../../../support/api/test-app';
import { manageTokenOf } from '../../../support/api/use-test-app';
import { bookAndPay, useBookingChangeApp, veventOf } from '../../../support/api/booking-money';
import { aBookingForm } from '../../../support/api/booking-form';

// On SQLite (project default) and on the Firestore emulator (project api-firestore).

const form = aBookingForm();

const world = useBookingChangeApp();
const change = (token: string, numberAttending: number | string, numberOfChildren: number | string = 0, confirm = true) =>
  world.app.agent().post('/api/my-booking/change').set(FETCH).send({ token, numberAttending, numberOfChildren, confirm });

async function placesLeft(eventId: string): Promise<number | null> {
  const res = await world.app.agent().get('/api/events');
  return res.body.events.find((e: { id: string }) => e.id === eventId)?.placesLeft ?? null;
}

async function freeBooking(eventId: string, numberAttending: number, email = 'ada@example.org'): Promise<{ bookingId: string; token: string }> {
  const booked = await world.app
    .agent()
    .post('/api/bookings')
    .send({ eventId, ...form, email, numberAttending: String(numberAttending) });
  expect(booked.status).toBe(201);
  return { bookingId: booked.body.bookingId, token: manageTokenOf(booked.body.managePath) };
}

const paidBooking = (eventId: string, numberAttending: number) => bookAndPay(world.app, { eventId, ...form, numberAttending: String(numberAttending) });

describe('a member changes their booking through the manage link', () => {
  it('a free booking changes at once: places, the admin view, the audit log, and the e-mail with the updated .ics (same UID, higher SEQUENCE)', async () => {
    const event = await addEvent(world.app, { name: 'Change Regatta', capacity: 10 });
    const { bookingId, token } = await freeBooking(event.id, 2);
    expect(await placesLeft(event.id)).toBe(8);

    const asked = await change(token, 3, 1, false);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ numberAttending: 3, numberOfChildren: 1, totalBefore: 0, totalAfter: 0, difference: 0, money: null, changed: false });
    expect(await placesLeft(event.id)).toBe(8);

    const made = await change(token, 3, 1);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ numberAttending: 3, changed: true });
    expect(await placesLeft(event.id)).toBe(7);
    const page = await world.app.agent().get(`/api/my-booking?token=${encodeURIComponent(token)}`);
    expect(page.body.details).toEqual(
      expect.arrayContaining([
        { label: 'Attending', value: '3' },
        { label: 'Children', value: '1' },
      ]),
    );
    const admin = await world.treasurer.get(`/api/admin/events/${event.id}/bookings`);
    expect(admin.body.summary).toMatchObject({ bookings: 1, attendees: 3 });

    const confirmation = await world.smtp.waitForSubject('Booking confirmed: Change Regatta');
    const changed = await world.smtp.waitForSubject('Booking changed: Change Regatta');
    expect(changed.text).toContain('Attending: 3');
    expect(changed.text).toContain('/my-booking?token=');
    const [before, after] = [veventOf(confirmation), veventOf(changed)];
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);

    const audit = await world.treasurer.get(`/api/admin/audit?recordId=${bookingId}`);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'booking.changed',
        actor: { kind: 'member' },
        changes: expect.arrayContaining([{ field: 'numberAttending', before: 2, after: 3 }]),
      }),
    ]);
  });

  it('a smaller paid booking is refunded the difference at the gateway, once, and the revenue falls by it', async () => {
    const event = await addEvent(world.app, { name: 'Paid Change Supper', requiresPayment: true, price: 1250, capacity: 20 });
    const { token } = await paidBooking(event.id, 3);
    const revenue = async () => (await world.treasurer.get(`/api/admin/events/${event.id}/bookings`)).body.summary.revenue;
    expect(await revenue()).toEqual({ GBP: 3750 });
    const asked = await change(token, 2, 1, false);
    expect(asked.body).toMatchObject({ totalBefore: 3750, totalAfter: 1875, difference: -1875, money: '£18.75 will be refunded to your card.' });

    const refundsBefore = world.gateway().refunds.length;
    const answers = await Promise.all([change(token, 2, 1), change(token, 2, 1), change(token, 2, 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(world.gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 1875, currency: 'GBP' })]);
    expect(await revenue()).toEqual({ GBP: 1875 });
    expect(await placesLeft(event.id)).toBe(18);
    const mail = await world.smtp.waitForSubject('Booking changed: Paid Change Supper');
    expect(mail.text).toContain('£18.75 will be refunded to your card.');
    expect(mail.text).toContain('Paid: £18.75');
    // The treasurer's CSV: paid as charged, the change's refund in Refunded.
    const csv = (await world.treasurer.get(`/api/admin/events/${event.id}/bookings.csv`)).text;
    const [header, row] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect([row[header.indexOf('Amount')], row[header.indexOf('Refunded')]]).toEqual(['37.50', '18.75']);

    // Cancelling afterwards refunds what is left, never the difference again.
    expect((await world.app.agent().post('/api/my-booking/cancel').send({ token })).status).toBe(200);
    expect(
      world
        .gateway()
        .refunds.slice(refundsBefore)
        .map((r) => r.amount),
    ).toEqual([1875, 1875]);
    expect(await revenue()).toEqual({});
  });

  it('a larger booking paid in cash is refused with what it would cost (the club takes it by hand); nothing changes', async () => {
    const event = await addEvent(world.app, { name: 'Paid Growth Supper', requiresPayment: true, price: 1000, capacity: 20 });
    const booked = await world.app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '1' });
    const bookingId: string = booked.body.bookingId;
    expect((await world.treasurer.post(`/api/admin/bookings/${bookingId}/mark-paid`).set(FETCH).send({ method: 'cash', reference: 'Receipt 8' })).status).toBe(
      200,
    );
    const token = world.app.get('bookingLinks').issue(bookingId, new Date('2027-01-01T00:00:00.000Z'));
    const before = JSON.stringify(await world.app.get('bookings').get(bookingId));
    const res = await change(token, 2);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^This change would cost £10\.00 more/);
    expect(JSON.stringify(await world.app.get('bookings').get(bookingId))).toBe(before);
  });

  it('concurrent changes never overfill the event: the places taken stay within capacity', async () => {
    const event = await addEvent(world.app, { name: 'Small Boat Change', capacity: 6 });
    const bookings = await Promise.all([1, 2, 3].map((i) => freeBooking(event.id, 1, `sailor${i}@example.org`)));
    expect(await placesLeft(event.id)).toBe(3);
    // Each asks for 3 places (2 more): only one of the three fits; the others could have 2 at most.
    const answers = await Promise.all(bookings.map(({ token }) => change(token, 3)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(['Sorry, only 2 places are left', 'Sorry, only 2 places are left']);
    const stored = await world.app.get('bookings').listByEvent(event.id);
    expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(5);
    expect((await world.app.get('bookings').placesTakenByEvent([event.id], new Date())).get(event.id)).toBe(5);
    expect((await world.app.get('bookings').checkPlaces({ now: new Date(), repair: false })).filter((d) => d.eventId === event.id)).toEqual([]);
    expect(await placesLeft(event.id)).toBe(1);
  });

  it('refuses bad numbers, a cancelled booking, an unchanged one and one past its deadline, changing nothing', async () => {
    const event = await addEvent(world.app, { name: 'Refusal Sail', capacity: 10 });
    const { token } = await freeBooking(event.id, 2);
    expect((await change(token, 0)).body).toEqual({
      error: 'Number attending must be between 1 and 50',
      fields: { numberAttending: 'Number attending must be between 1 and 50' },
    });
    expect((await change(token, 2, 3)).status).toBe(400);
    expect((await change(token, 2)).body).toEqual({ error: 'The booking already has these numbers: there is nothing to change.' });
    expect((await change('forged', 3)).status).toBe(404);
    const late = await addEvent(world.app, { name: 'Late Sail', capacity: 10, bookingEndDate: '2026-07-01T10:00:00.000Z' });
    const lateBooking = await freeBooking(late.id, 2);
    await world.app.get('events').update({ ...late, bookingEndDate: '2020-01-01T10:00:00.000Z' });
    const refused = await change(lateBooking.token, 3);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This booking can no longer be changed online/);
    expect((await world.app.agent().post('/api/my-booking/cancel').send({ token })).status).toBe(200);
    expect((await change(token, 3)).body).toEqual({ error: 'A cancelled booking cannot be changed.' });
    expect(await placesLeft(event.id)).toBe(10);
  });

  it("places a smaller booking frees go to the waiting list, as a cancellation's do", async () => {
    const event = await addEvent(world.app, { name: 'Waitlist Change Sail', capacity: 3 });
    const { token } = await freeBooking(event.id, 3);
    const joined = await world.app.agent().post(`/api/events/${event.id}/waiting-list`).send({ name: 'Grace', email: 'grace@example.org', places: 1 });
    expect(joined.status).toBe(201);
    const round = () => world.app.built.ports.useCase(OfferFreedPlaces).execute();
    expect((await round()).offered).toEqual([]);
    expect((await change(token, 2)).status).toBe(200);
    expect((await round()).offered).toEqual([joined.body.entryId]);
    await world.smtp.waitForSubject('Places for you: Waitlist Change Sail');
  });

  it('a smaller booking paid in cash: the difference is to refund by hand, the admins are told, nothing goes to the gateway', async () => {
    const event = await addEvent(world.app, { name: 'Cash Change Supper', requiresPayment: true, price: 1000, capacity: 20 });
    const booked = await world.app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...form, numberAttending: '3' });
    expect(
      (await world.treasurer.post(`/api/admin/bookings/${booked.body.bookingId}/mark-paid`).set(FETCH).send({ method: 'cash', reference: 'Receipt 7' })).status,
    ).toBe(200);
    // The member's manage link, as the confirmation e-mail of the cash payment carries it.
    const token = world.app.get('bookingLinks').issue(booked.body.bookingId, new Date('2027-01-01T00:00:00.000Z'));
    const refundsBefore = world.gateway().refunds.length;
    const res = await change(token, 1);
    expect(res.body).toMatchObject({ changed: true, difference: -2000, money: '£20.00 to refund by hand: the club will repay it to you.' });
    expect(world.gateway().refunds.length).toBe(refundsBefore);
    const admins = await world.smtp.waitForSubject('To refund by hand: Cash Change Supper');
    expect(admins.text).toContain('made smaller by its member');
    expect(admins.text).toContain('£20.00, paid in cash (payment reference Receipt 7)');
    const member = await world.smtp.waitForSubject('Booking changed: Cash Change Supper');
    expect(member.text).toContain('£20.00 to refund by hand');
  });
});
