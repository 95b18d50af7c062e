import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { APPLICATION_MESSAGES } from '../../../../core/membership/membership-application';
import type { MembershipCategory } from '../../../../core/membership/membership-category';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { APPLICATION_MAIL_KINDS, JoinClub } from '../../../../core/operations/join-club';
import { FETCH, NOW, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember } from '../../../support/api/signed-in-member';
import { aMembershipCategory } from '../../../support/entities';
import { postTestWebhook, testWebhookOf } from '../../../support/api/test-webhook';

// Joining the club online (docs/membership.md#joining): apply, pay, admit, decline, expire.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  const category = (fields: Partial<MembershipCategory>) =>
    aMembershipCategory({ description: 'One sailing member', createdAt: NOW, updatedAt: NOW, ...fields });
  await app.get('membership').createCategory(category({}));
  await app.get('membership').createCategory(category({ id: 'family', name: 'Family', seasonPrice: 18_000, coversHousehold: true, dutiesPerSeason: 3 }));
  await app.get('membership').createCategory(category({ id: 'crew', name: 'Crew', onlinePurchase: false }));
  await app.get('membership').createCategory(category({ id: 'old', name: 'Old', withdrawn: true }));
});
afterAll(async () => {
  await app.dispose();
});

let counter = 0;
const ADULT = () => {
  counter += 1;
  return {
    firstName: 'Ann',
    lastName: `Joiner${counter}`,
    email: `ann${counter}@example.org`,
    phone: '07700 900123',
    emergencyContactName: 'Bo Joiner',
    emergencyContactPhone: '07700 900456',
    people: [] as { firstName: string; lastName: string; email: string }[],
    categoryId: 'adult',
    accept: true,
    dutiesPledged: 2,
  };
};
const FAMILY = () => {
  const adult = ADULT();
  return {
    ...adult,
    categoryId: 'family',
    dutiesPledged: 3,
    people: [
      { firstName: 'Bob', lastName: adult.lastName, email: `bob-${adult.email}` },
      { firstName: 'Cat', lastName: adult.lastName, email: '' },
    ],
  };
};
const apply = (body: object) => app.agent().post('/api/membership/applications').set(FETCH).send(body);
const pay = (applicationId: string, cardToken: string = TEST_CARDS.succeeds) =>
  app.agent().post('/api/membership/applications/pay').set(FETCH).send({ applicationId, cardToken });
const gateway = () => app.get('payments') as TestPaymentGateway;
const sendWebhook = (webhook: { rawBody: Buffer; headers: Record<string, string> }) => postTestWebhook(app, webhook);
const mailsOf = async (kind: string, applicationId: string) => (await app.get('outbox').list()).filter((m) => m.id === `${kind}-${applicationId}`);

async function paidApplication(body: object): Promise<string> {
  const applied = await apply(body);
  expect(applied.status).toBe(201);
  expect((await pay(applied.body.applicationId)).body).toEqual({ status: 'COMPLETED', alreadyPaid: false });
  return applied.body.applicationId as string;
}

describe('the public applies and pays', () => {
  it('offers the categories sold online and not withdrawn with their joining price and end', async () => {
    const offer = (await app.agent().get('/api/membership/join')).body;
    expect(offer).toMatchObject({ currency: 'GBP', admission: 'after-payment' });
    expect(offer.choices.map((c: { id: string; amount: number; paysUntil: string }) => [c.id, c.amount, c.paysUntil])).toEqual([
      ['adult', 12_000, '2027-03-31'],
      ['family', 18_000, '2027-03-31'],
    ]);
  });

  it('refuses bad input with the core messages, storing nothing; a write needs the fetch header', async () => {
    const before = await app.get('membershipApplications').list();
    const bad = await apply({ ...ADULT(), firstName: ' ', email: 'nope', accept: false, dutiesPledged: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      firstName: APPLICATION_MESSAGES.firstNameRequired,
      email: APPLICATION_MESSAGES.emailInvalid,
      accept: APPLICATION_MESSAGES.acceptRequired,
      dutiesPledged: APPLICATION_MESSAGES.pledgeRequired(2),
    });
    expect((await apply({ ...ADULT(), categoryId: 'crew' })).body.fields).toEqual({ categoryId: APPLICATION_MESSAGES.categoryNotOffered });
    expect((await apply({ ...ADULT(), categoryId: 'old' })).body.fields).toEqual({ categoryId: APPLICATION_MESSAGES.categoryNotOffered });
    expect((await apply({ ...ADULT(), categoryId: 'none' })).body.fields).toEqual({ categoryId: APPLICATION_MESSAGES.categoryRequired });
    expect((await apply({ ...FAMILY(), categoryId: 'adult', dutiesPledged: 2 })).body.fields).toEqual({ people: APPLICATION_MESSAGES.peopleNotHousehold });
    const family = FAMILY();
    expect((await apply({ ...family, people: [{ firstName: 'X', lastName: 'Y', email: family.email.toUpperCase() }] })).body.fields).toEqual({
      'people.0': APPLICATION_MESSAGES.emailTwice,
    });
    // Eight others with an e-mail would make nine members: more than one household holds.
    const eight = Array.from({ length: 8 }, (_, i) => ({ firstName: `P${i}`, lastName: family.lastName, email: `p${i}-${family.email}` }));
    expect((await apply({ ...family, people: eight })).body.fields).toEqual({ people: APPLICATION_MESSAGES.householdFull });
    expect((await app.agent().post('/api/membership/applications').send(ADULT())).status).toBe(403);
    expect(await app.get('membershipApplications').list()).toEqual(before);
  });

  it('accepts an e-mail that is a member’s without saying so; the admins see the match', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const applied = await apply({ ...ADULT(), email: member.email });
    expect(applied.status).toBe(201);
    expect(Object.keys(applied.body).sort()).toEqual(['amount', 'applicationId', 'checkoutId', 'currency', 'paysUntil', 'state']);
    const admin = await signedInAdmin(app, `matches-${counter}@club.example`);
    const listed = (await admin.get('/api/admin/membership/applications')).body.applications.find((a: { id: string }) => a.id === applied.body.applicationId);
    expect(listed).toMatchObject({ state: 'submitted', matchesMember: { id: member.id, name: member.name } });
  });

  it('tells the applicant their application arrived and what happens next, once', async () => {
    const body = ADULT();
    const applied = await apply(body);
    const [mail, ...more] = await mailsOf(APPLICATION_MAIL_KINDS.received, applied.body.applicationId);
    expect(more).toEqual([]);
    expect(mail!.mail.to).toBe(body.email);
    expect(mail!.mail.subject).toMatch(/^We have your application to join /);
    expect(mail!.mail.text).toContain('Thank you for applying to join as Adult.');
    expect(mail!.mail.text).toContain('Once your payment of £120.00 is through, the club looks at your application and writes to you.');
    // A refused form tells nobody.
    const outbox = (await app.get('outbox').list()).length;
    expect((await apply({ ...ADULT(), accept: false })).status).toBe(400);
    expect((await app.get('outbox').list()).length).toBe(outbox);
  });

  it('pays by card once however often the card step and the webhook come; a declined card changes nothing', async () => {
    const applied = await apply(FAMILY());
    expect(applied.body).toMatchObject({ state: 'submitted', amount: 18_000, currency: 'GBP', paysUntil: '2027-03-31', checkoutId: expect.any(String) });
    expect((await pay(applied.body.applicationId, TEST_CARDS.declined)).body.status).toBe('FAILED');
    const charges = gateway().charges.length;
    const answers = await Promise.all([pay(applied.body.applicationId), pay(applied.body.applicationId)]);
    expect(answers.map((a) => a.body.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(gateway().charges.length).toBe(charges + 1);
    // The provider's webhook twice, routed by the order reference as a renewal's: recorded once, nothing refunded.
    const webhook = testWebhookOf(app, applied.body.checkoutId);
    const refunds = gateway().refunds.length;
    const hooks = await Promise.all([sendWebhook(webhook), sendWebhook(webhook)]);
    expect(hooks.map((h) => h.body)).toEqual([{ status: 'COMPLETED' }, { status: 'COMPLETED' }]);
    expect(gateway().refunds.length).toBe(refunds);
    const stored = await app.get('membershipApplications').get(applied.body.applicationId);
    expect((await app.get('membershipOrders').get(stored!.orderId!))?.status).toBe('paid');
    expect((await pay('no-such')).status).toBe(404);
  });
});

describe('an admin admits or declines', () => {
  it('admission after payment: an unpaid application is refused; a paid family is admitted once, however many admit at once', async () => {
    const admin = await signedInAdmin(app, `admit-${counter}@club.example`);
    const unpaid = await apply(ADULT());
    const refused = await admin.post(`/api/admin/membership/applications/${unpaid.body.applicationId}/admit`).set(FETCH);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(APPLICATION_MESSAGES.notPaid);

    const family = FAMILY();
    const id = await paidApplication(family);
    const members = (await app.get('members').list()).length;
    const answers = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/membership/applications/${id}/admit`).set(FETCH)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe(APPLICATION_MESSAGES.closed);
    expect((await app.get('members').list()).length).toBe(members + 2);
    const ann = await app.get('members').getByEmail(family.email);
    const bob = await app.get('members').getByEmail(family.people[0]!.email);
    expect(ann).toMatchObject({ name: `Ann ${family.lastName}`, membershipType: 'Family', renewalDate: '2027-03-31', phone: '07700 900123' });
    expect(bob).toMatchObject({ membershipType: 'Family', renewalDate: '2027-03-31' });
    const place = await app.get('households').membershipOf(ann!.id);
    expect(place).toMatchObject({ contact: true });
    expect((await app.get('households').membersOf(place!.householdId)).map((m) => m.memberId).sort()).toEqual([ann!.id, bob!.id].sort());
    expect((await app.get('households').listForMember(place!.householdId)).map((p) => p.name)).toEqual([`Cat ${family.lastName}`]);
    const welcome = await mailsOf(APPLICATION_MAIL_KINDS.welcome, id);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.mail.to).toBe(family.email);
    expect(welcome[0]!.mail.text).toContain('/sign-in/renewal?token=');
    expect(welcome[0]!.mail.text).toContain('Your membership runs to');
    const again = await admin.post(`/api/admin/membership/applications/${id}/decline`).set(FETCH).send({ reason: 'Too late' });
    expect(again.status).toBe(409);
  });

  it('a household whose second e-mail is taken as admission writes: none of its members is stored, the application stays open', async () => {
    const admin = await signedInAdmin(app, `half-${counter}@club.example`);
    const family = FAMILY();
    const id = await paidApplication(family);
    const members = app.get('members');
    // Bob's e-mail becomes a member's between the admin's check and the write.
    const getManyByEmail = members.getManyByEmail.bind(members);
    let checks = 0;
    members.getManyByEmail = async (emails) => {
      if (emails.includes(family.people[0]!.email!) && (checks += 1) === 1) {
        const found = await getManyByEmail(emails);
        await addListedMember(app, { email: family.people[0]!.email!, renewalDate: '2026-03-31' });
        return found;
      }
      return getManyByEmail(emails);
    };
    try {
      expect((await admin.post(`/api/admin/membership/applications/${id}/admit`).set(FETCH)).status).toBe(409);
    } finally {
      members.getManyByEmail = getManyByEmail;
    }
    expect(await members.getByEmail(family.email)).toBeNull();
    expect((await app.get('membershipApplications').get(id))?.status).toBe('submitted');
  });

  it('admission writes the members and their household in one write: a household write apart that fails leaves none half-made', async () => {
    const admin = await signedInAdmin(app, `whole-${counter}@club.example`);
    const family = FAMILY();
    const id = await paidApplication(family);
    // The household's own writes fail (as a crash between the members and the household would).
    const households = app.get('households');
    const { join, add } = households;
    households.join = () => Promise.reject(new Error('crashed before the household was written'));
    households.add = () => Promise.reject(new Error('crashed before the household was written'));
    try {
      expect((await admin.post(`/api/admin/membership/applications/${id}/admit`).set(FETCH)).status).toBe(200);
    } finally {
      Object.assign(households, { join, add });
    }
    const ann = await app.get('members').getByEmail(family.email);
    const bob = await app.get('members').getByEmail(family.people[0]!.email);
    const place = await households.membershipOf(ann!.id);
    expect(place).toMatchObject({ contact: true });
    expect((await households.membersOf(place!.householdId)).map((m) => m.memberId).sort()).toEqual([ann!.id, bob!.id].sort());
    expect((await households.listForMember(place!.householdId)).map((p) => p.name)).toEqual([`Cat ${family.lastName}`]);
  });

  it('refuses admission when an e-mail became a member’s meanwhile, creating nothing', async () => {
    const admin = await signedInAdmin(app, `clash-${counter}@club.example`);
    const body = ADULT();
    const id = await paidApplication(body);
    const member = await addListedMember(app, { email: body.email, renewalDate: '2026-03-31' });
    const refused = await admin.post(`/api/admin/membership/applications/${id}/admit`).set(FETCH);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(APPLICATION_MESSAGES.emailIsMember(member.name));
    expect((await app.get('membershipApplications').get(id))?.status).toBe('submitted');
  });

  it('decline needs a reason; a paid application is refunded once and the applicant told', async () => {
    const admin = await signedInAdmin(app, `decline-${counter}@club.example`);
    const id = await paidApplication(ADULT());
    const noReason = await admin.post(`/api/admin/membership/applications/${id}/decline`).set(FETCH).send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: APPLICATION_MESSAGES.reasonRequired });
    const refunds = gateway().refunds.length;
    const declined = await admin.post(`/api/admin/membership/applications/${id}/decline`).set(FETCH).send({ reason: 'The club is full this season' });
    expect(declined.status).toBe(200);
    expect(declined.body.application).toMatchObject({ state: 'declined', reason: 'The club is full this season', refund: 'refunded' });
    expect(gateway().refunds.length).toBe(refunds + 1);
    expect(gateway().refunds.at(-1)).toMatchObject({ amount: 12_000 });
    // The treasurer's figures count the money as given back.
    const { orderId } = (await app.get('membershipApplications').get(id))!;
    const orders = (await admin.get('/api/admin/membership/figures')).body.money.orders as { id: string; status: string }[];
    expect(orders.find((order) => order.id === orderId)).toMatchObject({ amount: 12_000, status: 'refunded' });
    const [mail] = await mailsOf(APPLICATION_MAIL_KINDS.declined, id);
    expect(mail!.mail.text).toContain('declined: The club is full this season');
    expect(mail!.mail.text).toContain('Your payment of £120.00 is refunded to your card.');
    expect((await admin.post(`/api/admin/membership/applications/${id}/admit`).set(FETCH)).status).toBe(409);
    // Its payment given back, the application is not "paid" any more, nor payable.
    const again = await pay(id);
    expect([again.status, again.body.error]).toEqual([402, APPLICATION_MESSAGES.notPayable]);
    expect((await admin.post('/api/admin/membership/applications/nope/decline').set(FETCH).send({ reason: 'x' })).status).toBe(404);
  });

  it('a refund the provider refuses is listed to refund by hand, and the applicant told the club will refund', async () => {
    const admin = await signedInAdmin(app, `by-hand-${counter}@club.example`);
    const applied = await apply(ADULT());
    expect((await pay(applied.body.applicationId, TEST_CARDS.refundRefused)).body.status).toBe('COMPLETED');
    const declined = await admin.post(`/api/admin/membership/applications/${applied.body.applicationId}/decline`).set(FETCH).send({ reason: 'No room' });
    expect(declined.body.application).toMatchObject({ state: 'declined', refund: 'by-hand' });
    const listed = (await admin.get('/api/admin/membership/applications')).body.applications.find((a: { id: string }) => a.id === applied.body.applicationId);
    expect(listed).toMatchObject({ refund: 'by-hand' });
    const [mail] = await mailsOf(APPLICATION_MAIL_KINDS.declined, applied.body.applicationId);
    expect(mail!.mail.text).toContain('Your payment of £120.00 will be refunded: the club will be in touch.');
  });

  it('decline before payment: the order is cancelled, so a payment made meanwhile (its webhook) is refunded', async () => {
    const admin = await signedInAdmin(app, `late-${counter}@club.example`);
    const applied = await apply(ADULT());
    const declined = await admin.post(`/api/admin/membership/applications/${applied.body.applicationId}/decline`).set(FETCH).send({ reason: 'No room' });
    expect(declined.body.application).toMatchObject({ state: 'declined', refund: null });
    const stored = await app.get('membershipApplications').get(applied.body.applicationId);
    expect((await app.get('membershipOrders').get(stored!.orderId!))?.status).toBe('cancelled');
    // The applicant's card went through on the provider's page as the admin declined: its webhook comes later.
    const paid = await gateway().completeCheckout(applied.body.checkoutId, TEST_CARDS.succeeds);
    const refunds = gateway().refunds.length;
    expect((await sendWebhook(testWebhookOf(app, applied.body.checkoutId))).status).toBe(200);
    expect(gateway().refunds.length).toBe(refunds + 1);
    expect(gateway().refunds.at(-1)).toMatchObject({ paymentId: paid.status === 'COMPLETED' ? paid.paymentId : '', amount: 12_000 });
    expect((await pay(applied.body.applicationId)).status).toBe(402);
  });

  it('admission before payment: admitted unpaid, lapsed since yesterday, to pay at /my-club/renew', async () => {
    await app.get('membership').saveSettings({ ...DEFAULT_MEMBERSHIP_SETTINGS, admission: 'before-payment' });
    try {
      const admin = await signedInAdmin(app, `before-${counter}@club.example`);
      const body = ADULT();
      const applied = await apply(body);
      expect(applied.body).toMatchObject({ checkoutId: null, paysUntil: null });
      expect((await pay(applied.body.applicationId)).body.error).toBe(APPLICATION_MESSAGES.notCard);
      const admitted = await admin.post(`/api/admin/membership/applications/${applied.body.applicationId}/admit`).set(FETCH);
      expect(admitted.status).toBe(200);
      expect(await app.get('members').getByEmail(body.email)).toMatchObject({ membershipType: 'Adult', renewalDate: '2026-05-31' });
      const [mail] = await mailsOf(APPLICATION_MAIL_KINDS.welcome, applied.body.applicationId);
      expect(mail!.mail.text).toContain('Please pay for your membership online to start it.');
      const [received] = await mailsOf(APPLICATION_MAIL_KINDS.received, applied.body.applicationId);
      expect(received!.mail.text).toContain('Once you are accepted, you pay for your membership online.');
    } finally {
      await app.get('membership').saveSettings(DEFAULT_MEMBERSHIP_SETTINGS);
    }
  });

  it('needs members:write', async () => {
    const viewer = await signedInAdmin(app, `viewer-${counter}@club.example`, []);
    expect((await viewer.get('/api/admin/membership/applications')).status).toBe(403);
    expect((await viewer.post('/api/admin/membership/applications/x/admit').set(FETCH)).status).toBe(403);
  });
  it('the daily run expires applications older than the expiry, refunding a paid one', async () => {
    const id = await paidApplication(ADULT());
    // The last test of the file: the clock moves on (30 days after 1 June is 1 July; expired from 2 July).
    app.clock.set('2026-07-01T09:00:00.000Z');
    expect(await app.built.ports.useCase(JoinClub).expire()).toEqual([]);
    app.clock.set('2026-07-02T09:00:00.000Z');
    expect(await app.built.ports.useCase(JoinClub).expire()).toContain(id);
    expect(await app.get('membershipApplications').get(id)).toMatchObject({ status: 'expired', refund: 'refunded' });
    const { orderId } = (await app.get('membershipApplications').get(id))!;
    expect(await app.get('membershipOrders').get(orderId!)).toMatchObject({ status: 'refunded' });
    const [mail] = await mailsOf(APPLICATION_MAIL_KINDS.declined, id);
    expect(mail!.mail.text).toContain('not accepted in time');
    expect(mail!.mail.text).toContain('Your payment of £120.00 is refunded to your card.');
  });
});
