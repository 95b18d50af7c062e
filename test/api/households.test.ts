import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { emptyEventForm } from '../../core/events/event-form';
import { addAdmin, FETCH, signIn, startTestApp, type TestApp } from './support/test-app';
import { addListedMember, signedInMember } from './support/signed-in-member';

// Households of several members (issue 35, docs/members-households.md): invitations, leaving,
// the admin's household screen, and booking for the household's other members and dependants.
let app: TestApp;
let admin: TestAgent;
let eventId: string;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  await addAdmin(app, 'members@example.org', ['events:read', 'events:write', 'bookings:read', 'members:write']);
  admin = app.agent();
  await signIn(admin, 'members@example.org');
  const created = await admin
    .post('/api/admin/events')
    .set(FETCH)
    .send({ ...emptyEventForm(), name: 'Fitting-out supper', eventdatetime: '2026-07-18T18:00', allowBooking: true, offerChild: true, requiresPayment: true, price: '15.00', memberPrice: '10.00' });
  expect(created.status).toBe(201);
  eventId = created.body.event.id;
});
afterAll(async () => {
  await app.dispose();
});

const household = async (agent: TestAgent) => (await agent.get('/api/my/household')).body;
const invite = (agent: TestAgent, email: string) => agent.post('/api/my/household/invitations').set(FETCH).send({ email });
const accept = (agent: TestAgent, id: string) => agent.post(`/api/my/household/invitations/${id}/accept`).set(FETCH).send({});

describe('a contact invites a member into the household', () => {
  it('the invited member accepts from My club, sees the members and dependants; only the contact manages dependants; any member may leave', async () => {
    const annMember = await addListedMember(app, { name: 'Ann Harbour' });
    const bobMember = await addListedMember(app, { name: 'Bob Harbour' });
    const ann = await signedInMember(app, annMember);
    const bob = await signedInMember(app, bobMember);
    const milly = (await ann.post('/api/my/household').set(FETCH).send({ name: 'Milly Harbour', kind: 'junior', yearOfBirth: '2018' })).body.person;

    expect((await invite(ann, 'nobody@example.org')).body).toEqual({ error: 'No member of the club has this e-mail', fields: { email: 'No member of the club has this e-mail' } });
    expect((await invite(ann, annMember.email)).status).toBe(400);
    const invited = await invite(ann, ` ${bobMember.email.toUpperCase()} `);
    expect(invited.status).toBe(201);
    expect((await invite(ann, bobMember.email)).status).toBe(409);
    expect((await household(ann)).invited).toEqual([{ id: invited.body.invitationId, name: 'Bob Harbour' }]);
    expect((await household(bob)).invitations).toEqual([{ id: invited.body.invitationId, from: 'Ann Harbour' }]);
    // Another member cannot accept Bob's invitation; a GET acts on nothing.
    const cat = await signedInMember(app, await addListedMember(app));
    expect((await accept(cat, invited.body.invitationId)).status).toBe(404);
    expect((await bob.get(`/api/my/household/invitations/${invited.body.invitationId}/accept`)).status).toBe(404);

    const accepted = await accept(bob, invited.body.invitationId);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      contact: false,
      members: [
        { memberId: annMember.id, name: 'Ann Harbour', contact: true, you: false },
        { memberId: bobMember.id, name: 'Bob Harbour', contact: false, you: true },
      ],
      people: [{ id: milly.id, name: 'Milly Harbour' }],
      invitations: [],
    });
    expect((await household(ann)).invited).toEqual([]);
    // Bob sees the dependants but does not manage them.
    expect((await bob.post('/api/my/household').set(FETCH).send({ name: 'Sam', kind: 'adult' })).status).toBe(403);
    expect((await bob.delete(`/api/my/household/${milly.id}`).set(FETCH)).status).toBe(403);
    expect((await invite(bob, 'someone@example.org')).status).toBe(400);
    expect((await invite(bob, (await addListedMember(app)).email)).body.error).toBe('Only the household’s contact may do this');

    // Ann, the contact, leaves: Bob becomes the contact, and the dependants stay with the household.
    expect((await ann.post('/api/my/household/leave').set(FETCH).send({})).status).toBe(204);
    expect((await household(ann)).members).toEqual([]);
    expect((await household(ann)).people).toEqual([]);
    expect(await household(bob)).toMatchObject({ contact: true, members: [{ memberId: bobMember.id, contact: true }], people: [{ id: milly.id }] });
    // The only member of a household with dependants stays.
    expect((await bob.post('/api/my/household/leave').set(FETCH).send({})).status).toBe(409);
    expect((await app.agent().post('/api/my/household/leave').set(FETCH).send({})).status).toBe(401);
  });

  it('the invited member declines, or the contact withdraws; no one else can', async () => {
    const [a, b] = [await addListedMember(app), await addListedMember(app)];
    const [ann, bob] = [await signedInMember(app, a), await signedInMember(app, b)];
    const first = (await invite(ann, b.email)).body.invitationId as string;
    const stranger = await signedInMember(app, await addListedMember(app));
    expect((await stranger.delete(`/api/my/household/invitations/${first}`).set(FETCH)).status).toBe(404);
    expect((await bob.delete(`/api/my/household/invitations/${first}`).set(FETCH)).status).toBe(204);
    expect((await household(bob)).invitations).toEqual([]);
    const second = (await invite(ann, b.email)).body.invitationId as string;
    expect((await ann.delete(`/api/my/household/invitations/${second}`).set(FETCH)).status).toBe(204);
    expect((await accept(bob, second)).status).toBe(404);
    expect((await household(ann)).invited).toEqual([]);
  });

  it('two invitations accepted at once: the member ends in one household only', async () => {
    const [a, b, c] = [await addListedMember(app), await addListedMember(app), await addListedMember(app)];
    const [ann, bob, cat] = [await signedInMember(app, a), await signedInMember(app, b), await signedInMember(app, c)];
    const one = (await invite(ann, c.email)).body.invitationId as string;
    const two = (await invite(bob, c.email)).body.invitationId as string;
    const answers = await Promise.all([accept(cat, one), accept(cat, two)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const inAnn = (await household(ann)).members.some((m: { memberId: string }) => m.memberId === c.id);
    const inBob = (await household(bob)).members.some((m: { memberId: string }) => m.memberId === c.id);
    expect([inAnn, inBob].filter(Boolean)).toHaveLength(1);
  });
});

describe('the admin’s household of a member', () => {
  it('adds a member by e-mail, chooses the contact and removes a member; a member in another household is refused', async () => {
    const [a, b, c] = [await addListedMember(app, { name: 'Ann Keel' }), await addListedMember(app, { name: 'Bob Keel' }), await addListedMember(app)];
    expect((await admin.get(`/api/admin/members/${a.id}/household`)).body).toEqual({ householdId: null, members: [], people: [] });
    const added = await admin.post(`/api/admin/members/${a.id}/household/members`).set(FETCH).send({ email: b.email });
    expect(added.status).toBe(200);
    expect(added.body.members).toEqual([
      { memberId: a.id, name: 'Ann Keel', email: a.email, contact: true },
      { memberId: b.id, name: 'Bob Keel', email: b.email, contact: false },
    ]);
    expect((await admin.get(`/api/admin/members/${b.id}/household`)).body.householdId).toBe(added.body.householdId);
    // Another household's member is refused.
    const d = await addListedMember(app);
    await admin.post(`/api/admin/members/${c.id}/household/members`).set(FETCH).send({ email: d.email });
    const refused = await admin.post(`/api/admin/members/${a.id}/household/members`).set(FETCH).send({ email: d.email });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This member is already in a household');

    const chosen = await admin.put(`/api/admin/members/${a.id}/household/contact`).set(FETCH).send({ memberId: b.id });
    expect(chosen.body.members.map((m: { contact: boolean }) => m.contact)).toEqual([false, true]);
    expect((await admin.put(`/api/admin/members/${a.id}/household/contact`).set(FETCH).send({ memberId: d.id })).status).toBe(404);
    const removed = await admin.delete(`/api/admin/members/${a.id}/household/members/${b.id}`).set(FETCH);
    expect(removed.status).toBe(200);
    expect(removed.body.members).toEqual([{ memberId: a.id, name: 'Ann Keel', email: a.email, contact: true }]);
    expect((await admin.get('/api/admin/members/no-such-member/household')).status).toBe(404);
  });
});

describe('booking for the household', () => {
  it('names the other members and the dependants: each member at the member price while current, a lapsed one at the standard price', async () => {
    const a = await addListedMember(app, { name: 'Ann Mast' });
    const b = await addListedMember(app, { name: 'Bob Mast' });
    const lapsed = await addListedMember(app, { name: 'Lee Mast', renewalDate: '2025-03-31' });
    const ann = await signedInMember(app, a);
    const milly = (await ann.post('/api/my/household').set(FETCH).send({ name: 'Milly Mast', kind: 'junior', yearOfBirth: '2018' })).body.person;
    await admin.post(`/api/admin/members/${a.id}/household/members`).set(FETCH).send({ email: b.email });
    await admin.post(`/api/admin/members/${a.id}/household/members`).set(FETCH).send({ email: lapsed.email });

    // Bob books for Ann's dependant and for Ann: three places at the member price (10 + 10 + 5).
    const bob = await signedInMember(app, b);
    const base = { eventId, firstName: 'Bob', lastName: 'Mast', email: b.email, numberOfSoftDrinks: '', numberOfVegetarian: '', boatName: '' };
    const booked = await bob.post('/api/bookings').set(FETCH).send({ ...base, numberAttending: '3', numberOfChildren: '1', householdAttendees: [a.id, milly.id] });
    expect(booked.status).toBe(201);
    const stored = (await app.get('bookings').get(booked.body.bookingId))!;
    expect(stored).toMatchObject({ paymentAmount: 2500, priceKind: 'member', memberPlaces: 3, memberId: b.id });
    expect(stored.householdAttendees).toEqual([
      { personId: a.id, name: 'Ann Mast', kind: 'adult', place: 'adult', memberPrice: true },
      { personId: milly.id, name: 'Milly Mast', kind: 'junior', place: 'child', memberPrice: true },
    ]);
    // The lapsed member pays the standard price: 10 (Bob) + 15 (Lee).
    const withLapsed = await bob.post('/api/bookings').set(FETCH).send({ ...base, numberAttending: '2', numberOfChildren: '0', householdAttendees: [lapsed.id] });
    expect((await app.get('bookings').get(withLapsed.body.bookingId))!).toMatchObject({ paymentAmount: 2500, memberPlaces: 1 });
    // A member of another household is no attendee of Bob's.
    const other = await addListedMember(app);
    const refused = await bob.post('/api/bookings').set(FETCH).send({ ...base, numberAttending: '2', numberOfChildren: '0', householdAttendees: [other.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ householdAttendees: 'This person is not in your household' });
  });
});

describe('what the booking page needs to show the price the server charges', () => {
  it('the session gives the member’s renewal date; the household says whose membership is current today', async () => {
    const contact = await addListedMember(app, { name: 'Pat Current' });
    const lapsed = await addListedMember(app, { name: 'Lee Lapsed', renewalDate: '2020-03-31' });
    const pat = await signedInMember(app, contact);
    const lee = await signedInMember(app, lapsed);
    expect((await pat.get('/api/member/session')).body.member).toEqual({ id: contact.id, name: 'Pat Current', email: contact.email, renewalDate: '2027-03-31' });
    const invited = await invite(pat, lapsed.email);
    expect((await accept(lee, invited.body.invitationId)).status).toBe(200);
    expect((await household(pat)).members).toEqual([
      { memberId: contact.id, name: 'Pat Current', contact: true, you: true, kind: 'adult', membershipCurrent: true },
      { memberId: lapsed.id, name: 'Lee Lapsed', contact: false, you: false, kind: 'adult', membershipCurrent: false },
    ]);
  });
});
