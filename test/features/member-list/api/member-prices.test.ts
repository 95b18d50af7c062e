import { describe, expect, it } from 'vitest';
import { emptyEventForm } from '../../../../core/events/event-form';
import { addAdmin, FETCH, signIn, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

// Member prices through the API (docs/payments.md#member-prices). A booking made without signing in is a guest's: the
// standard price, whatever member price the event has. Booking signed in, at the member price:
// test/features/my-club/api/my-club.test.ts.
let app: TestApp;
useTestApp({}, async (started) => {
  app = started;
  await addAdmin(app, 'treasurer@example.org');
});

const eventForm = {
  ...emptyEventForm(),
  name: 'Laying-up supper',
  eventdatetime: '2026-07-18T18:00',
  allowBooking: true,
  offerChild: true,
  requiresPayment: true,
  price: '15.00',
  memberPrice: '10.00',
};

async function treasurer() {
  const agent = app.agent();
  await signIn(agent, 'treasurer@example.org');
  return agent;
}

describe('member prices', () => {
  it('stores an event’s member price, shows it to the booking page, and takes it away when cleared', async () => {
    const agent = await treasurer();
    const created = await agent.post('/api/admin/events').set(FETCH).send(eventForm);
    expect(created.status).toBe(201);
    expect(created.body.event).toMatchObject({ price: 1500, memberPrice: 1000 });
    const id: string = created.body.event.id;
    expect((await agent.get(`/api/admin/events/${id}`)).body.form).toMatchObject({ price: '15.00', memberPrice: '10.00' });
    expect((await app.agent().get(`/api/events/${id}`)).body.event).toMatchObject({ price: 1500, memberPrice: 1000 });

    const cleared = await agent
      .put(`/api/admin/events/${id}`)
      .set(FETCH)
      .send({ ...eventForm, memberPrice: '' });
    expect(cleared.status).toBe(200);
    expect((await app.agent().get(`/api/events/${id}`)).body.event.memberPrice ?? null).toBeNull();
  });

  it('refuses a member price above the price, with the field’s message, and stores nothing', async () => {
    const agent = await treasurer();
    const before = (await app.get('events').list({ order: 'asc' })).length;
    const res = await agent
      .post('/api/admin/events')
      .set(FETCH)
      .send({ ...eventForm, memberPrice: '15.01' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ memberPrice: 'Member price must not be more than the price' });
    expect((await app.get('events').list({ order: 'asc' })).length).toBe(before);
  });

  it('charges a booking through the route the standard price (no member is signed in), checkout included, and reports it so', async () => {
    const agent = await treasurer();
    const event = (await agent.post('/api/admin/events').set(FETCH).send(eventForm)).body.event;
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({
        eventId: event.id,
        firstName: 'Ann',
        lastName: 'Sailor',
        numberAttending: '2',
        numberOfChildren: '1',
        numberOfSoftDrinks: '',
        numberOfVegetarian: '',
        boatName: '',
        email: '',
      });
    expect(booked.status).toBe(201);
    // One adult at 15.00 and one child at 7.50: the standard price.
    expect(booked.body.amount).toBe(2250);
    const checkout = await app.agent().get(`/api/payments/checkouts/${encodeURIComponent(booked.body.checkoutId)}`);
    expect(checkout.body.amount).toBe(2250);
    expect(await app.get('bookings').get(booked.body.bookingId)).toMatchObject({ paymentAmount: 2250, priceKind: 'standard', memberId: null, memberPlaces: 0 });

    const csv = await agent.get(`/api/admin/events/${event.id}/bookings.csv`);
    const [header, line] = (csv.text as string).split('\r\n');
    expect(header.endsWith(',Price Charged,Member Places,Household Attendees,Arrived,Named Arrived')).toBe(true);
    // No check-in yet: the two attendance cells are blank.
    expect(line.endsWith(',Standard,0,,,')).toBe(true);
    expect((await agent.get(`/api/admin/events/${event.id}/bookings`)).body.summary).toMatchObject({ memberPriced: 0, memberRevenue: {} });
  });
});
