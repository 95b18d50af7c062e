import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { emptyEventForm } from '../../core/events/event-form';
import { join } from 'node:path';
import { FieldValue } from 'firebase-admin/firestore';
import { closeFirestore, openFirestore } from '../../adapters/firestore/firestore-storage';
import { openSqliteDatabase } from '../../adapters/sqlite/sqlite-database';
import { DATABASE_FILE_NAME } from '../../server/container';
import { addAdmin, addEvent, FETCH, signIn, startTestApp, type TestApp } from './support/test-app';
import { addListedMember, signedInMember } from './support/signed-in-member';

// My club (issue 35, docs/my-club.md): booking as a signed-in member, the household, the member's own records.
let app: TestApp;
let eventId: string;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  await addAdmin(app, 'events@example.org');
  const admin = app.agent();
  await signIn(admin, 'events@example.org');
  const created = await admin
    .post('/api/admin/events')
    .set(FETCH)
    .send({ ...emptyEventForm(), name: 'Laying-up supper', eventdatetime: '2026-07-18T18:00', allowBooking: true, offerChild: true, requiresPayment: true, price: '15.00', memberPrice: '10.00' });
  expect(created.status).toBe(201);
  eventId = created.body.event.id;
});
afterAll(async () => {
  await app.dispose();
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  eventId,
  firstName: 'Robin',
  lastName: 'Listed',
  numberAttending: '1',
  numberOfChildren: '0',
  numberOfSoftDrinks: '',
  numberOfVegetarian: '',
  boatName: '',
  email: 'robin@example.org',
  ...overrides,
});

async function addPerson(agent: TestAgent, form: Record<string, unknown>) {
  const res = await agent.post('/api/my/household').set(FETCH).send(form);
  expect(res.status).toBe(201);
  return res.body.person as { id: string; name: string };
}

describe('the household of the signed-in member', () => {
  it('lists, adds, changes and removes the member’s own people; another member reaches none of them', async () => {
    const ann = await signedInMember(app, await addListedMember(app));
    const bob = await signedInMember(app, await addListedMember(app));
    expect((await ann.get('/api/my/household')).body).toEqual({ people: [] });
    const junior = await addPerson(ann, { name: '  Milly   Listed ', kind: 'junior', yearOfBirth: '2016' });
    expect(junior.name).toBe('Milly Listed');

    const renamed = await ann.put(`/api/my/household/${junior.id}`).set(FETCH).send({ name: 'Millie Listed', kind: 'junior', yearOfBirth: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.person).toMatchObject({ name: 'Millie Listed', yearOfBirth: null });

    // Bob sees, changes and removes nothing of Ann's.
    expect((await bob.get('/api/my/household')).body).toEqual({ people: [] });
    expect((await bob.put(`/api/my/household/${junior.id}`).set(FETCH).send({ name: 'Taken', kind: 'adult' })).status).toBe(404);
    expect((await bob.delete(`/api/my/household/${junior.id}`).set(FETCH)).body.error).toBe('This person is not in your household');
    expect((await ann.get('/api/my/household')).body.people.map((p: { name: string }) => p.name)).toEqual(['Millie Listed']);

    const bad = await ann.post('/api/my/household').set(FETCH).send({ name: '', kind: 'cat' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: 'Enter the person’s name', kind: 'Choose adult or junior' });

    expect((await ann.delete(`/api/my/household/${junior.id}`).set(FETCH)).status).toBe(204);
    expect((await ann.get('/api/my/household')).body).toEqual({ people: [] });
  });

  it('answers 401 "Please sign in" to a visitor', async () => {
    const res = await app.agent().get('/api/my/household');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Please sign in');
    expect((await app.agent().post('/api/my/household').set(FETCH).send({ name: 'X', kind: 'adult' })).status).toBe(401);
  });
});

describe('booking as a signed-in member', () => {
  it('charges the member and a ticked household junior the member price, and the booking is the member’s', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const junior = await addPerson(agent, { name: 'Milly', kind: 'junior', yearOfBirth: '2016' });
    const res = await agent.post('/api/bookings').set(FETCH).send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [junior.id] }));
    expect(res.status).toBe(201);
    // The member at 10.00 and Milly (10 this year) at half of it: 15.00, not the standard 22.50.
    expect(res.body.amount).toBe(1500);
    expect(await app.get('bookings').get(res.body.bookingId)).toMatchObject({ paymentAmount: 1500, priceKind: 'member', memberId: member.id, memberPlaces: 2 });
  });

  it('stores the named attendees with the booking as they were, and shows them to admins (details, CSV), on the manage page and in My club', async () => {
    const member = await addListedMember(app, { email: 'dana.named@example.org' });
    const agent = await signedInMember(app, member);
    const milly = await addPerson(agent, { name: 'Milly Named', kind: 'junior', yearOfBirth: '2016' });
    const sam = await addPerson(agent, { name: 'Sam Named', kind: 'adult' });
    const res = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email, numberAttending: '3', numberOfChildren: '1', householdAttendees: [sam.id, milly.id, sam.id] }));
    expect(res.status).toBe(201);
    const named = [
      { personId: sam.id, name: 'Sam Named', kind: 'adult', place: 'adult', memberPrice: true },
      { personId: milly.id, name: 'Milly Named', kind: 'junior', place: 'child', memberPrice: true },
    ];
    expect(await app.get('bookings').get(res.body.bookingId)).toMatchObject({ memberPlaces: 3, householdAttendees: named });
    // A snapshot: renaming or removing a person later leaves the booking as it was made.
    await agent.put(`/api/my/household/${milly.id}`).set(FETCH).send({ name: 'Millie Renamed', kind: 'junior', yearOfBirth: '2016' });
    await agent.delete(`/api/my/household/${sam.id}`).set(FETCH);

    const admin = app.agent();
    await signIn(admin, 'events@example.org');
    expect((await admin.get(`/api/admin/bookings/${res.body.bookingId}`)).body.booking.householdAttendees).toEqual(named);
    const csv = (await admin.get(`/api/admin/events/${eventId}/bookings.csv`)).text as string;
    const [header, ...lines] = csv.split('\r\n');
    expect(header.split(',').at(-1)).toBe('Household Attendees');
    expect(lines.find((line) => line.startsWith(`${res.body.bookingId},`))?.endsWith(',Member,3,"Sam Named, Milly Named (child)"')).toBe(true);

    const mine = (await agent.get('/api/my/bookings')).body.upcoming.find((b: { bookingId: string }) => b.bookingId === res.body.bookingId);
    expect(mine.householdAttendees).toEqual(named);
    const token = decodeURIComponent(new URL(mine.managePath, 'https://x.invalid').searchParams.get('token') ?? '');
    expect((await app.agent().get('/api/my-booking').query({ token })).body.details).toContainEqual({ label: 'Household attending', value: 'Sam Named, Milly Named (child)' });

    // A booking naming no one stores no one.
    const alone = await agent.post('/api/bookings').set(FETCH).send(booking({ email: member.email }));
    expect((await app.get('bookings').get(alone.body.bookingId))?.householdAttendees).toEqual([]);
  });

  it('keeps named only the attendees an admin’s corrected numbers still hold', async () => {
    const admin = app.agent();
    await signIn(admin, 'events@example.org');
    const free = await admin
      .post('/api/admin/events')
      .set(FETCH)
      .send({ ...emptyEventForm(), name: 'Beach clean', eventdatetime: '2026-07-19T10:00', allowBooking: true, offerChild: true, requiresPayment: false, price: '0' });
    expect(free.status).toBe(201);
    const agent = await signedInMember(app, await addListedMember(app));
    const jo = await addPerson(agent, { name: 'Jo Tidy', kind: 'adult' });
    const kit = await addPerson(agent, { name: 'Kit Tidy', kind: 'junior', yearOfBirth: '2018' });
    const res = await agent.post('/api/bookings').set(FETCH).send(booking({ eventId: free.body.event.id, numberAttending: '3', numberOfChildren: '1', householdAttendees: [jo.id, kit.id] }));
    expect(res.status).toBe(201);
    const corrected = await admin
      .patch(`/api/admin/bookings/${res.body.bookingId}`)
      .set(FETCH)
      .send({ firstName: 'Robin', lastName: 'Listed', numberAttending: '2', numberOfChildren: '1', numberOfSoftDrinks: '', numberOfVegetarian: '', boatName: '', email: 'robin@example.org' });
    expect(corrected.status).toBe(200);
    // Two places: the member's and a child's; Jo is no longer named, Kit still is.
    expect(corrected.body.booking.householdAttendees.map((a: { name: string }) => a.name)).toEqual(['Kit Tidy']);
  });

  it('charges a guest beside the member the standard price', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const res = await agent.post('/api/bookings').set(FETCH).send(booking({ numberAttending: '2' }));
    expect(res.body.amount).toBe(1000 + 1500);
  });

  it('charges a member lapsed since signing in the standard price, and still records the booking as theirs', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const junior = await addPerson(agent, { name: 'Tom', kind: 'junior', yearOfBirth: '' });
    await app.get('members').update({ ...member, renewalDate: '2026-05-31' });
    const res = await agent.post('/api/bookings').set(FETCH).send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [junior.id] }));
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(1500 + 750);
    expect(await app.get('bookings').get(res.body.bookingId)).toMatchObject({ priceKind: 'standard', memberId: member.id, memberPlaces: 0 });
  });

  it('books a member disabled since signing in as a guest, at the standard price', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    await app.get('members').update({ ...member, disabled: true });
    const res = await agent.post('/api/bookings').set(FETCH).send(booking());
    expect(res.body.amount).toBe(1500);
    expect(await app.get('bookings').get(res.body.bookingId)).toMatchObject({ priceKind: 'standard', memberId: null });
  });

  it('refuses another member’s person, or a person not counted in the numbers, and books nothing', async () => {
    const ann = await signedInMember(app, await addListedMember(app));
    const bob = await signedInMember(app, await addListedMember(app));
    const annsJunior = await addPerson(ann, { name: 'Ann’s junior', kind: 'junior' });
    const before = (await app.get('bookings').listByEvent(eventId)).length;
    const stolen = await bob.post('/api/bookings').set(FETCH).send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [annsJunior.id] }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ householdAttendees: 'This person is not in your household' });
    const guest = await app.agent().post('/api/bookings').set(FETCH).send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [annsJunior.id] }));
    expect(guest.status).toBe(400);
    const uncounted = await ann.post('/api/bookings').set(FETCH).send(booking({ numberAttending: '1', householdAttendees: [annsJunior.id] }));
    expect(uncounted.body.fields).toEqual({ numberAttending: 'Count the household people you ticked in the numbers attending' });
    expect((await app.get('bookings').listByEvent(eventId)).length).toBe(before);
  });
});

describe('My club’s bookings', () => {
  it('shows the member’s bookings and the guest bookings of their e-mail, with manage links and receipts; never another member’s', async () => {
    const member = await addListedMember(app, { email: 'Claire.Claim@example.org' });
    // Made before signing in, with the same e-mail in another case.
    const guest = await app.agent().post('/api/bookings').set(FETCH).send(booking({ email: 'claire.claim@EXAMPLE.org' }));
    expect(guest.status).toBe(201);
    const agent = await signedInMember(app, member);
    const own = await agent.post('/api/bookings').set(FETCH).send(booking({ email: member.email }));
    const other = await addListedMember(app);
    const otherAgent = await signedInMember(app, other);
    // Another member booking with Claire's e-mail: theirs, never Claire's.
    const othersBooking = await otherAgent.post('/api/bookings').set(FETCH).send(booking({ email: member.email }));
    expect(othersBooking.status).toBe(201);

    const res = await agent.get('/api/my/bookings');
    expect(res.status).toBe(200);
    expect(res.body.past).toEqual([]);
    const ids = res.body.upcoming.map((b: { bookingId: string }) => b.bookingId);
    expect(ids.sort()).toEqual([guest.body.bookingId, own.body.bookingId].sort());
    const mine = res.body.upcoming.find((b: { bookingId: string }) => b.bookingId === own.body.bookingId);
    expect(mine).toMatchObject({ eventName: 'Laying-up supper', madeSignedIn: true, status: 'Pending', receipt: { amount: 1000, currency: 'GBP', priceKind: 'member', paid: false } });
    const claimed = res.body.upcoming.find((b: { bookingId: string }) => b.bookingId === guest.body.bookingId);
    expect(claimed).toMatchObject({ madeSignedIn: false, receipt: { amount: 1500, priceKind: 'standard' } });
    // The manage link opens the booking.
    const token = decodeURIComponent(new URL(mine.managePath, 'https://x.invalid').searchParams.get('token') ?? '');
    expect((await app.agent().get('/api/my-booking').query({ token })).body.bookingId).toBe(own.body.bookingId);

    const others = (await otherAgent.get('/api/my/bookings')).body.upcoming.map((b: { bookingId: string }) => b.bookingId);
    expect(others).toEqual([othersBooking.body.bookingId]);
    expect((await app.agent().get('/api/my/bookings')).status).toBe(401);
  });
});

/**
 * Makes a stored booking as a version before My club left it: without its e-mail key (and on
 * Firestore without `memberId` either, and without the mark that the back-fill ran).
 */
async function asStoredBeforeMyClub(app: TestApp, bookingId: string): Promise<void> {
  const firestore = app.config.firestore;
  if (firestore) {
    const db = openFirestore({ projectId: firestore.projectId });
    try {
      const prefix = firestore.collectionPrefix ?? '';
      await db.collection(`${prefix}bookings`).doc(bookingId).update({ emailKey: FieldValue.delete(), memberId: FieldValue.delete() });
      await db.collection(`${prefix}bookingReferences`).doc('email-keys-given').delete();
    } finally {
      await closeFirestore(db);
    }
    return;
  }
  const db = await openSqliteDatabase(join(app.dataDir, DATABASE_FILE_NAME));
  try {
    await db('bookings').where({ id: bookingId }).update({ emailKey: null });
  } finally {
    await db.destroy();
  }
}

describe('guest bookings stored before My club', () => {
  it('show in My club for their e-mail once the server has started again', async () => {
    const own = await startTestApp();
    try {
      const event = await addEvent(own, { name: 'Old regatta' });
      const member = await addListedMember(own, { email: 'old.guest@example.org' });
      const guest = await own.agent().post('/api/bookings').set(FETCH).send({ eventId: event.id, firstName: 'Old', lastName: 'Guest', numberAttending: '1', email: ' Old.Guest@example.org' });
      expect(guest.status).toBe(201);
      await asStoredBeforeMyClub(own, guest.body.bookingId);
      const agent = await signedInMember(own, member);
      expect((await agent.get('/api/my/bookings')).body.upcoming).toEqual([]);

      await own.restart();
      const ids = (await agent.get('/api/my/bookings')).body.upcoming.map((b: { bookingId: string }) => b.bookingId);
      expect(ids).toEqual([guest.body.bookingId]);
    } finally {
      await own.dispose();
    }
  });
});
