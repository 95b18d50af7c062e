import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../../../core/shared/csv';
import type TestAgent from 'supertest/lib/agent';
import { emptyEventForm } from '../../../../core/events/event-form';
import { join } from 'node:path';
import { FieldValue } from 'firebase-admin/firestore';
import { closeFirestore, openFirestore } from '../../../../adapters/firestore/firestore-storage';
import { openSqliteDatabase } from '../../../../adapters/sqlite/sqlite-database';
import { DATABASE_FILE_NAME } from '../../../../server/container';
import { addEvent, FETCH, signedInAdmin, signIn, startTestApp, type TestApp, withTestApp } from '../../../support/api/test-app';
import { addMemberPricedSupper } from '../../../support/api/fixtures';
import { OfferFreedPlaces } from '../../../../core/waiting-list/offer-freed-places';
import { aWorkDay } from '../../../support/entities';
import { readFeed, vevents } from '../../../support/ics-feed';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

// My club (docs/my-club.md): booking as a signed-in member, the household, the member's own records.
let app: TestApp;
let eventId: string;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  eventId = await addMemberPricedSupper(await signedInAdmin(app, 'events@example.org'), 'Laying-up supper');
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
    expect((await ann.get('/api/my/household')).body.people).toEqual([]);
    const junior = await addPerson(ann, { name: '  Milly   Listed ', kind: 'junior', yearOfBirth: '2016' });
    expect(junior.name).toBe('Milly Listed');

    const renamed = await ann.put(`/api/my/household/${junior.id}`).set(FETCH).send({ name: 'Millie Listed', kind: 'junior', yearOfBirth: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.person).toMatchObject({ name: 'Millie Listed', yearOfBirth: null });

    // Bob sees, changes and removes nothing of Ann's.
    expect((await bob.get('/api/my/household')).body.people).toEqual([]);
    expect((await bob.put(`/api/my/household/${junior.id}`).set(FETCH).send({ name: 'Taken', kind: 'adult' })).status).toBe(404);
    expect((await bob.delete(`/api/my/household/${junior.id}`).set(FETCH)).body.error).toBe('This person is not in your household');
    expect((await ann.get('/api/my/household')).body.people.map((p: { name: string }) => p.name)).toEqual(['Millie Listed']);

    const bad = await ann.post('/api/my/household').set(FETCH).send({ name: '', kind: 'cat' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: 'Enter the person’s name', kind: 'Choose adult or junior' });

    expect((await ann.delete(`/api/my/household/${junior.id}`).set(FETCH)).status).toBe(204);
    expect((await ann.get('/api/my/household')).body.people).toEqual([]);
  });

  // Every member route's refusal of anyone but a signed-in, enabled member (bodies the routes
  // accept, forged cookies, an admin's session, a disabled member) is test/features/member-sign-in/api/member-access.test.ts.
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
    const res = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [junior.id] }));
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
    expect(header.split(',').slice(-3)).toEqual(['Household Attendees', 'Arrived', 'Named Arrived']);
    // A random id that starts with - or = is written formula-safe (csvCell), as every cell is.
    expect(lines.find((line) => line.startsWith(`${csvCell(res.body.bookingId)},`))?.endsWith(',Member,3,"Sam Named, Milly Named (child)",,')).toBe(true);

    const mine = (await agent.get('/api/my/bookings')).body.upcoming.find((b: { bookingId: string }) => b.bookingId === res.body.bookingId);
    expect(mine.householdAttendees).toEqual(named);
    const token = decodeURIComponent(new URL(mine.managePath, 'https://x.invalid').searchParams.get('token') ?? '');
    expect((await app.agent().get('/api/my-booking').query({ token })).body.details).toContainEqual({
      label: 'Household attending',
      value: 'Sam Named, Milly Named (child)',
    });

    // A booking naming no one stores no one.
    const alone = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email }));
    expect((await app.get('bookings').get(alone.body.bookingId))?.householdAttendees).toEqual([]);
  });

  it('keeps named only the attendees an admin’s corrected numbers still hold', async () => {
    const admin = app.agent();
    await signIn(admin, 'events@example.org');
    const free = await admin
      .post('/api/admin/events')
      .set(FETCH)
      .send({
        ...emptyEventForm(),
        name: 'Beach clean',
        eventdatetime: '2026-07-19T10:00',
        allowBooking: true,
        offerChild: true,
        requiresPayment: false,
        price: '0',
      });
    expect(free.status).toBe(201);
    const agent = await signedInMember(app, await addListedMember(app));
    const jo = await addPerson(agent, { name: 'Jo Tidy', kind: 'adult' });
    const kit = await addPerson(agent, { name: 'Kit Tidy', kind: 'junior', yearOfBirth: '2018' });
    const res = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ eventId: free.body.event.id, numberAttending: '3', numberOfChildren: '1', householdAttendees: [jo.id, kit.id] }));
    expect(res.status).toBe(201);
    const corrected = await admin
      .patch(`/api/admin/bookings/${res.body.bookingId}`)
      .set(FETCH)
      .send({
        firstName: 'Robin',
        lastName: 'Listed',
        numberAttending: '2',
        numberOfChildren: '1',
        numberOfSoftDrinks: '',
        numberOfVegetarian: '',
        boatName: '',
        email: 'robin@example.org',
      });
    expect(corrected.status).toBe(200);
    // Two places: the member's and a child's; Jo is no longer named, Kit still is.
    expect(corrected.body.booking.householdAttendees.map((a: { name: string }) => a.name)).toEqual(['Kit Tidy']);
  });

  it('charges a guest beside the member the standard price', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const res = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '2' }));
    expect(res.body.amount).toBe(1000 + 1500);
  });

  it('charges a member lapsed since signing in the standard price, and still records the booking as theirs', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const junior = await addPerson(agent, { name: 'Tom', kind: 'junior', yearOfBirth: '' });
    await app.get('members').update({ ...member, renewalDate: '2026-05-31' });
    const res = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [junior.id] }));
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
    const stolen = await bob
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [annsJunior.id] }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ householdAttendees: 'This person is not in your household' });
    const guest = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '2', numberOfChildren: '1', householdAttendees: [annsJunior.id] }));
    expect(guest.status).toBe(400);
    const uncounted = await ann
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ numberAttending: '1', householdAttendees: [annsJunior.id] }));
    expect(uncounted.body.fields).toEqual({ numberAttending: 'Count the household people you ticked in the numbers attending' });
    expect((await app.get('bookings').listByEvent(eventId)).length).toBe(before);
  });
});

describe('My club’s bookings', () => {
  it('shows the member’s bookings and the guest bookings of their e-mail, with manage links and receipts; never another member’s', async () => {
    const member = await addListedMember(app, { email: 'Claire.Claim@example.org' });
    // Made before signing in, with the same e-mail in another case.
    const guest = await app
      .agent()
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: 'claire.claim@EXAMPLE.org' }));
    expect(guest.status).toBe(201);
    const agent = await signedInMember(app, member);
    const own = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email }));
    const other = await addListedMember(app);
    const otherAgent = await signedInMember(app, other);
    // Another member booking with Claire's e-mail: theirs, never Claire's.
    const othersBooking = await otherAgent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email }));
    expect(othersBooking.status).toBe(201);

    const res = await agent.get('/api/my/bookings');
    expect(res.status).toBe(200);
    expect(res.body.past).toEqual([]);
    const ids = res.body.upcoming.map((b: { bookingId: string }) => b.bookingId);
    expect(ids.sort()).toEqual([guest.body.bookingId, own.body.bookingId].sort());
    const mine = res.body.upcoming.find((b: { bookingId: string }) => b.bookingId === own.body.bookingId);
    expect(mine).toMatchObject({
      eventName: 'Laying-up supper',
      madeSignedIn: true,
      status: 'Pending',
      receipt: { amount: 1000, currency: 'GBP', priceKind: 'member', paid: false },
    });
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
 * Makes a stored booking and work-day sign-up as a version before My club left them: without
 * their e-mail keys (and on Firestore the booking without `memberId` either, and without the
 * marks that the back-fills ran).
 */
async function asStoredBeforeMyClub(app: TestApp, bookingId: string, signupId: string): Promise<void> {
  const firestore = app.config.firestore;
  if (firestore) {
    const db = openFirestore({ projectId: firestore.projectId });
    try {
      const prefix = firestore.collectionPrefix ?? '';
      await db.collection(`${prefix}bookings`).doc(bookingId).update({ emailKey: FieldValue.delete(), memberId: FieldValue.delete() });
      await db.collection(`${prefix}workDaySignups`).doc(signupId).update({ emailKey: FieldValue.delete() });
      await db.collection(`${prefix}bookingReferences`).doc('email-keys-given').delete();
      await db.collection(`${prefix}bookingReferences`).doc('work-day-email-keys-given').delete();
    } finally {
      await closeFirestore(db);
    }
    return;
  }
  const db = await openSqliteDatabase(join(app.dataDir, DATABASE_FILE_NAME));
  try {
    await db('bookings').where({ id: bookingId }).update({ emailKey: null });
    // SQLite's migration 0031 back-filled sign-ups once: a null key stays null (nothing to give at start).
  } finally {
    await db.destroy();
  }
}

describe('guest bookings and work-day sign-ups stored before My club', () => {
  it('show in My club for their e-mail once the server has started again', async () => {
    await withTestApp({}, async (own) => {
      const event = await addEvent(own, { name: 'Old regatta' });
      const member = await addListedMember(own, { email: 'old.guest@example.org' });
      const guest = await own
        .agent()
        .post('/api/bookings')
        .set(FETCH)
        .send({ eventId: event.id, firstName: 'Old', lastName: 'Guest', numberAttending: '1', email: ' Old.Guest@example.org' });
      expect(guest.status).toBe(201);
      await own.get('workDays').create(aWorkDay({ id: 'old-day', name: 'Old lift-out', date: '2026-09-12T08:00:00.000Z' }));
      const job = await own
        .agent()
        .post('/api/work-days/old-day/signups')
        .send({
          firstName: 'Old',
          lastName: 'Guest',
          selectedJobs: ['slipway'],
          otherJob: '',
          notes: '',
          bringingTools: false,
          wantsFood: false,
          email: 'OLD.guest@example.org',
        });
      expect(job.status).toBe(201);
      await asStoredBeforeMyClub(own, guest.body.bookingId, job.body.signupId);
      const agent = await signedInMember(own, member);
      expect((await agent.get('/api/my/bookings')).body.upcoming).toEqual([]);
      if (own.config.firestore) expect((await agent.get('/api/my/work-days')).body.upcoming).toEqual([]);

      await own.restart();
      const ids = (await agent.get('/api/my/bookings')).body.upcoming.map((b: { bookingId: string }) => b.bookingId);
      expect(ids).toEqual([guest.body.bookingId]);
      const jobs = (await agent.get('/api/my/work-days')).body.upcoming.map((s: { signupId: string }) => s.signupId);
      expect(jobs).toEqual([job.body.signupId]);
    });
  });
});

/** The path (with its query) of the first link to `page` in a message's text. */
function linkIn(text: string, page: string): string {
  const url = new RegExp(`https?://[^/\\s]+(/${page}\\?\\S+)`).exec(text)?.[1];
  if (!url) throw new Error(`No ${page} link in: ${text}`);
  return url;
}
const mailOf = async (kind: string, recordId: string) => (await app.get('outbox').list({ recordId })).find((m) => m.kind === kind)!.mail.text;

describe('My club’s waiting lists and work-day jobs', () => {
  it('lists the member’s places in line, joined signed in or with their e-mail, with the e-mails’ leave and offer links; never another member’s', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const other = await signedInMember(app, await addListedMember(app));
    const full = (name: string) => addEvent(app, { name, capacity: 1, eventdatetime: '2026-07-20T17:00:00.000Z' });
    const [dinner, regatta, picnic, race] = [await full('Dinner'), await full('Regatta'), await full('Picnic'), await full('Race')];
    const booked = [];
    for (const event of [dinner, regatta, picnic, race])
      booked.push(
        await app
          .agent()
          .post('/api/bookings')
          .set(FETCH)
          .send(booking({ eventId: event.id, email: '', firstName: 'Full' })),
      );
    expect(booked.map((b) => b.status)).toEqual([201, 201, 201, 201]);

    const join = (who: TestAgent, eventId: string, email: string) =>
      who.post(`/api/events/${eventId}/waiting-list`).set(FETCH).send({ name: 'Robin Listed', email, places: 1 });
    // Signed in, with another address: the member's all the same.
    const signedIn = await join(agent, dinner.id, 'robin.other@example.org');
    expect(signedIn.status).toBe(201);
    // Without signing in, with the member's e-mail (another case): the member's too.
    const guest = await join(app.agent(), regatta.id, member.email.toUpperCase());
    // Another member signed in with this member's e-mail: theirs, never this member's.
    expect((await join(other, picnic.id, member.email)).status).toBe(201);
    // An offer for the guest entry, as the waiting lists' round makes it when a place frees.
    const manageToken = new URL(booked[1].body.managePath, 'https://x.invalid').searchParams.get('token');
    expect((await app.agent().post('/api/my-booking/cancel').set(FETCH).send({ token: manageToken })).status).toBe(200);
    expect((await app.built.ports.useCase(OfferFreedPlaces).execute()).offered).toEqual([guest.body.entryId]);

    const res = await agent.get('/api/my/waiting-lists');
    expect(res.status).toBe(200);
    const entries = res.body.entries as {
      entryId: string;
      eventName: string;
      status: string;
      offer: { until: string; bookPath: string } | null;
      leavePath: string;
    }[];
    expect(entries.map((e) => e.eventName).sort()).toEqual(['Dinner', 'Regatta']);
    const mine = entries.find((e) => e.entryId === signedIn.body.entryId)!;
    expect(mine).toMatchObject({ eventId: dinner.id, places: 1, status: 'waiting', offer: null, eventStart: '2026-07-20T17:00:00.000Z' });
    // The leave link is the one the joining e-mail gave.
    expect(mine.leavePath).toBe(linkIn(await mailOf('waitlist-joined', signedIn.body.entryId), 'waiting-list'));
    const offered = entries.find((e) => e.entryId === guest.body.entryId)!;
    expect(offered.status).toBe('offered');
    // The offer's link and deadline are the offer e-mail's; its link opens the offer.
    expect(offered.offer!.bookPath).toBe(linkIn(await mailOf('waitlist-offer', guest.body.entryId), 'event-booking'));
    expect(offered.offer!.until).toBe((await app.get('waitingList').get(guest.body.entryId))!.offeredUntil);
    const offerToken = new URL(offered.offer!.bookPath, 'https://x.invalid').searchParams.get('offer');
    expect((await app.agent().get('/api/waiting-list/offer').query({ token: offerToken })).body).toMatchObject({ eventId: regatta.id, places: 1 });
    expect(((await other.get('/api/my/waiting-lists')).body.entries as { eventName: string }[]).map((e) => e.eventName)).toEqual(['Picnic']);
    expect((await app.agent().get('/api/my/waiting-lists')).status).toBe(401);
  });

  it('lists the work-day jobs of the member’s e-mail with the sign-up e-mail’s withdraw link, and withdrawing there takes the job off', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    await app.get('workDays').create(aWorkDay({ id: 'my-club-day', name: 'Autumn lift-out', date: '2026-09-12T08:00:00.000Z' }));
    const signUp = (firstName: string, email: string) =>
      app
        .agent()
        .post('/api/work-days/my-club-day/signups')
        .send({ firstName, lastName: 'Listed', selectedJobs: ['slipway'], otherJob: 'Tea urn', notes: '', bringingTools: false, wantsFood: false, email });
    const mine = await signUp('Robin', ` ${member.email.toUpperCase()} `);
    expect(mine.status).toBe(201);
    expect((await signUp('Sam', 'sam@example.org')).status).toBe(201);

    const res = await agent.get('/api/my/work-days');
    expect(res.status).toBe(200);
    expect(res.body.past).toEqual([]);
    expect(res.body.upcoming).toEqual([
      {
        signupId: mine.body.signupId,
        workDayId: 'my-club-day',
        workDayName: 'Autumn lift-out',
        date: '2026-09-12T08:00:00.000Z',
        jobs: ['Clear the slipway', 'Tea urn'],
        withdrawPath: expect.any(String),
      },
    ]);
    const withdrawPath = res.body.upcoming[0].withdrawPath as string;
    expect(withdrawPath).toBe(linkIn(await mailOf('workday-confirmation', mine.body.signupId), 'work-day-withdraw'));
    const token = new URL(withdrawPath, 'https://x.invalid').searchParams.get('token');
    expect((await app.agent().post('/api/work-day-signup/withdraw').set(FETCH).send({ token })).status).toBe(200);
    expect((await agent.get('/api/my/work-days')).body).toEqual({ upcoming: [], past: [] });
    expect((await app.agent().get('/api/my/work-days')).status).toBe(401);
  });
});

/** A feed's text, read as text whatever its content type. */
async function feedAt(path: string) {
  const res = await app
    .agent()
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
  return { res, text: res.body as string };
}

describe('My club’s private calendar feed', () => {
  it('is made, read as iCalendar with one entry per booking and job (stable UIDs), loses a cancelled booking, and a reset makes the old address 404', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    expect((await agent.get('/api/my/calendar-feed')).body).toEqual({ path: null });
    const made = await agent.post('/api/my/calendar-feed').set(FETCH);
    expect(made.status).toBe(200);
    const path = made.body.path as string;
    expect(path).toMatch(/^\/calendar\/my\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await agent.get('/api/my/calendar-feed')).body).toEqual({ path });

    const kept = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email }));
    const dropped = await agent
      .post('/api/bookings')
      .set(FETCH)
      .send(booking({ email: member.email }));
    await app.get('workDays').create(aWorkDay({ id: 'feed-day', name: 'Feed work day', date: '2026-08-08T08:00:00.000Z' }));
    const job = await app
      .agent()
      .post('/api/work-days/feed-day/signups')
      .send({
        firstName: 'Robin',
        lastName: 'Feed',
        selectedJobs: ['paint'],
        otherJob: '',
        notes: '',
        bringingTools: false,
        wantsFood: false,
        email: member.email,
      });
    expect(job.status).toBe(201);

    const first = await feedAt(path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.res.headers['cache-control']).toBe('private, no-cache');
    const entries = vevents(readFeed(first.text));
    expect(entries.map((e) => e.uid).sort()).toEqual(
      [
        `booking-${kept.body.bookingId}@kyc-members-area`,
        `booking-${dropped.body.bookingId}@kyc-members-area`,
        `workday-signup-${job.body.signupId}@kyc-members-area`,
      ].sort(),
    );
    const booked = entries.find((e) => e.uid === `booking-${kept.body.bookingId}@kyc-members-area`)!;
    expect(booked.summary).toBe('Laying-up supper');
    expect(booked.description).toContain(`Your booking ${kept.body.reference}: 1 attending.`);
    expect(booked.startDate.toJSDate().toISOString()).toBe('2026-07-18T17:00:00.000Z');
    const volunteering = entries.find((e) => e.uid === `workday-signup-${job.body.signupId}@kyc-members-area`)!;
    expect(volunteering.summary).toBe('Work day: Feed work day');
    expect(volunteering.description).toContain('Your jobs: Paint the hut.');
    // No capability link in the feed: its links are the public pages.
    expect(first.text).not.toMatch(/token=|offer=/);

    const listed = (await agent.get('/api/my/bookings')).body.upcoming.find((b: { bookingId: string }) => b.bookingId === dropped.body.bookingId);
    const manageToken = new URL(listed.managePath, 'https://x.invalid').searchParams.get('token');
    expect((await app.agent().post('/api/my-booking/cancel').set(FETCH).send({ token: manageToken })).status).toBe(200);
    const second = vevents(readFeed((await feedAt(path)).text));
    expect(second.map((e) => e.uid).sort()).toEqual(
      [`booking-${kept.body.bookingId}@kyc-members-area`, `workday-signup-${job.body.signupId}@kyc-members-area`].sort(),
    );

    const reset = await agent.post('/api/my/calendar-feed').set(FETCH);
    expect(reset.body.path).not.toBe(path);
    const gone = await app.agent().get(path);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Calendar feed not found' });
    expect((await feedAt(reset.body.path)).text).toContain(`booking-${kept.body.bookingId}@kyc-members-area`);

    // Another member's feed holds none of this member's entries; a disabled member's feed answers 404.
    const other = await signedInMember(app, await addListedMember(app));
    const othersPath = (await other.post('/api/my/calendar-feed').set(FETCH)).body.path as string;
    expect(vevents(readFeed((await feedAt(othersPath)).text))).toEqual([]);
    await app.get('members').update({ ...member, disabled: true });
    expect((await app.agent().get(reset.body.path)).status).toBe(404);
  });

  it('refuses a reset sent without X-Requested-With (a cross-site form), and answers 404 to any unknown address', async () => {
    const agent = await signedInMember(app, await addListedMember(app));
    expect((await agent.post('/api/my/calendar-feed')).status).toBe(403);
    expect((await agent.get('/api/my/calendar-feed')).body).toEqual({ path: null });
    for (const path of ['/calendar/my/nope.ics', `/calendar/my/${'a'.repeat(300)}.ics`, '/calendar/my/%E0%A4%A.ics']) {
      expect([400, 404]).toContain((await app.agent().get(path)).status);
    }
  });
});
