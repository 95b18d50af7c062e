import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { MAX_HOUSEHOLD_INVITATIONS_PER_DAY } from '../../../../core/members/household-membership';
import type { SmtpTestServer } from '../../../support/smtp-test-server';
import { startTestAppWithMail, TEST_PUBLIC_BASE_URL, toOf } from '../../../support/api/app-with-mail';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { addMemberPricedSupper } from '../../../support/api/fixtures';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

// Households of several members (docs/members-households.md): invitations, leaving,
// the admin's household screen, and booking for the household's other members and dependants.
let app: TestApp;
let smtp: SmtpTestServer;
let stop: () => Promise<void>;
let admin: TestAgent;
let eventId: string;
beforeAll(async () => {
  ({ app, smtp, close: stop } = await startTestAppWithMail({ env: { TRUST_PROXY: '1' } }));
  admin = await signedInAdmin(app, 'members@example.org', ['events:read', 'events:write', 'bookings:read', 'members:write']);
  eventId = await addMemberPricedSupper(admin, 'Fitting-out supper');
});
afterAll(async () => {
  await stop();
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

    expect((await invite(ann, annMember.email)).status).toBe(400);
    const invited = await invite(ann, ` ${bobMember.email.toUpperCase()} `);
    expect(invited.status).toBe(201);
    expect((await invite(ann, bobMember.email)).status).toBe(409);
    expect((await household(ann)).invited).toEqual([{ id: invited.body.invitationId, email: bobMember.email.toLowerCase() }]);
    expect((await household(bob)).invitations).toEqual([{ id: invited.body.invitationId, from: 'Ann Harbour' }]);
    // Another member cannot accept Bob's invitation; a GET acts on nothing.
    const cat = await signedInMember(app, await addListedMember(app));
    expect((await accept(cat, invited.body.invitationId)).status).toBe(404);
    expect((await bob.get(`/api/my/household/invitations/${invited.body.invitationId}/accept`)).status).toBe(404);

    // Bob accepts a minute after Ann made the household: members are listed in the order they
    // joined, and at one instant by member id (whose numbering follows the run, not this test).
    app.clock.advance(60_000);
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
    expect((await invite(bob, 'someone@example.org')).body.error).toBe('Only the household’s contact may do this');
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

describe('inviting tells nothing about who is a member', () => {
  it('an e-mail that is a member’s and one that is not get the same answer, the same list and the same refusal when asked again; only the member is e-mailed', async () => {
    const [a, b] = [await addListedMember(app, { name: 'Ann Cleat' }), await addListedMember(app, { name: 'Bob Cleat' })];
    const ann = await signedInMember(app, a);
    const member = await invite(ann, b.email);
    const stranger = await invite(ann, 'Not.A.Member@Example.org ');
    // The same status and the same body but for the (random) id.
    expect([member.status, stranger.status]).toEqual([201, 201]);
    expect({ ...member.body, invitationId: 'id' }).toEqual({ ...stranger.body, invitationId: 'id' });
    // Both listed alike, by the e-mail typed (sent at the same instant: in no particular order).
    expect((await household(ann)).invited).toEqual(
      expect.arrayContaining([
        { id: member.body.invitationId, email: b.email.toLowerCase() },
        { id: stranger.body.invitationId, email: 'not.a.member@example.org' },
      ]),
    );
    expect((await household(ann)).invited).toHaveLength(2);
    const [again, strangerAgain] = [await invite(ann, b.email), await invite(ann, 'not.a.member@example.org')];
    expect([again.status, again.body]).toEqual([strangerAgain.status, strangerAgain.body]);
    expect(again.body).toEqual({ error: 'This member is already invited' });
    // An e-mail that is no e-mail is refused as such, whoever's it might be.
    expect((await invite(ann, 'not an e-mail')).body.fields).toEqual({ email: 'Enter an e-mail address such as name@example.org' });

    // Only Bob gets an e-mail (once, though asked twice), read back from the SMTP server.
    const mail = await smtp.waitForSubject('Ann Cleat invites you into their household');
    expect(toOf(mail)).toBe(b.email);
    expect(mail.text).toContain('Ann Cleat invites you into their household at');
    expect(mail.text).toContain(`${TEST_PUBLIC_BASE_URL}/my`);
    expect(mail.html).toContain(`href="${TEST_PUBLIC_BASE_URL}/my"`);
    const outbox = await app.get('outbox').list();
    expect(outbox.filter((m) => m.kind === 'household-invitation' && m.recordId === member.body.invitationId)).toHaveLength(1);
    expect(outbox.filter((m) => m.mail.to.toLowerCase() === 'not.a.member@example.org')).toEqual([]);
    // The invitation to no member is withdrawn like any.
    expect((await ann.delete(`/api/my/household/invitations/${stranger.body.invitationId}`).set(FETCH)).status).toBe(204);
    expect((await household(ann)).invited.map((i: { email: string }) => i.email)).toEqual([b.email.toLowerCase()]);
  });

  it(`a member sends at most ${MAX_HOUSEHOLD_INVITATIONS_PER_DAY} invitations a day, withdrawn ones included: 429 beyond, with a clear message, storing nothing`, async () => {
    const ann = await signedInMember(app, await addListedMember(app));
    for (let i = 0; i < MAX_HOUSEHOLD_INVITATIONS_PER_DAY; i += 1) {
      const sent = await invite(ann, `probe-${i}@example.org`);
      expect(sent.status).toBe(201);
      expect((await ann.delete(`/api/my/household/invitations/${sent.body.invitationId}`).set(FETCH)).status).toBe(204);
    }
    const refused = await invite(ann, 'one-more@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: `You can send at most ${MAX_HOUSEHOLD_INVITATIONS_PER_DAY} household invitations a day. Please try again tomorrow.`,
    });
    expect((await household(ann)).invited).toEqual([]);
    // Another member is not limited by Ann's invitations (the window's end is the address-limit store's contract).
    expect((await invite(await signedInMember(app, await addListedMember(app)), 'someone@example.org')).status).toBe(201);
  });

  it('an invitation withdrawn by the contact can no longer be accepted: the invited member is told so', async () => {
    const [a, b] = [await addListedMember(app), await addListedMember(app)];
    const [ann, bob] = [await signedInMember(app, a), await signedInMember(app, b)];
    const id = (await invite(ann, b.email)).body.invitationId as string;
    expect((await household(bob)).invitations).toHaveLength(1);
    expect((await ann.delete(`/api/my/household/invitations/${id}`).set(FETCH)).status).toBe(204);
    expect(await accept(bob, id).then((r) => [r.status, r.body])).toEqual([404, { error: 'This invitation is no longer open' }]);
    expect((await household(bob)).members).toEqual([]);
  });
});

describe('the contact edits a dependant', () => {
  it('changes the name, kind and year with the same checks as adding; another member of the household may not', async () => {
    const [a, b] = [await addListedMember(app), await addListedMember(app)];
    const [ann, bob] = [await signedInMember(app, a), await signedInMember(app, b)];
    const tom = (await ann.post('/api/my/household').set(FETCH).send({ name: 'Tom Cleat', kind: 'junior', yearOfBirth: '2016' })).body.person;
    const changed = await ann.put(`/api/my/household/${tom.id}`).set(FETCH).send({ name: ' Thomas   Cleat ', kind: 'adult', yearOfBirth: '' });
    expect(changed.status).toBe(200);
    expect(changed.body.person).toMatchObject({ id: tom.id, name: 'Thomas Cleat', kind: 'adult', yearOfBirth: null, createdAt: tom.createdAt });
    const bad = await ann.put(`/api/my/household/${tom.id}`).set(FETCH).send({ name: '', kind: 'child', yearOfBirth: '1800' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: 'Enter the person’s name',
      kind: 'Choose adult or junior',
      yearOfBirth: 'Year of birth must be a year from 1900 to 2026, or left empty',
    });
    expect((await household(ann)).people).toMatchObject([{ name: 'Thomas Cleat', kind: 'adult', yearOfBirth: null }]);
    const id = (await invite(ann, b.email)).body.invitationId as string;
    await accept(bob, id);
    expect((await bob.put(`/api/my/household/${tom.id}`).set(FETCH).send({ name: 'Bobbed', kind: 'adult' })).status).toBe(403);
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
    const booked = await bob
      .post('/api/bookings')
      .set(FETCH)
      .send({ ...base, numberAttending: '3', numberOfChildren: '1', householdAttendees: [a.id, milly.id] });
    expect(booked.status).toBe(201);
    const stored = (await app.get('bookings').get(booked.body.bookingId))!;
    expect(stored).toMatchObject({ paymentAmount: 2500, priceKind: 'member', memberPlaces: 3, memberId: b.id });
    expect(stored.householdAttendees).toEqual([
      { personId: a.id, name: 'Ann Mast', kind: 'adult', place: 'adult', memberPrice: true },
      { personId: milly.id, name: 'Milly Mast', kind: 'junior', place: 'child', memberPrice: true },
    ]);
    // The lapsed member pays the standard price: 10 (Bob) + 15 (Lee).
    const withLapsed = await bob
      .post('/api/bookings')
      .set(FETCH)
      .send({ ...base, numberAttending: '2', numberOfChildren: '0', householdAttendees: [lapsed.id] });
    expect((await app.get('bookings').get(withLapsed.body.bookingId))!).toMatchObject({ paymentAmount: 2500, memberPlaces: 1 });
    // A member of another household is no attendee of Bob's.
    const other = await addListedMember(app);
    const refused = await bob
      .post('/api/bookings')
      .set(FETCH)
      .send({ ...base, numberAttending: '2', numberOfChildren: '0', householdAttendees: [other.id] });
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
    expect((await pat.get('/api/member/session')).body.member).toEqual({
      id: contact.id,
      name: 'Pat Current',
      email: contact.email,
      renewalDate: '2027-03-31',
    });
    const invited = await invite(pat, lapsed.email);
    expect((await accept(lee, invited.body.invitationId)).status).toBe(200);
    expect((await household(pat)).members).toEqual([
      { memberId: contact.id, name: 'Pat Current', contact: true, you: true, kind: 'adult', membershipCurrent: true },
      { memberId: lapsed.id, name: 'Lee Lapsed', contact: false, you: false, kind: 'adult', membershipCurrent: false },
    ]);
  });
});
