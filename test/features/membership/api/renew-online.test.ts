import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import type { MembershipCategory } from '../../../../core/membership/membership-category';
import { ORDER_MESSAGES } from '../../../../core/membership/membership-order';
import { RENEW_MESSAGES } from '../../../../core/my-club/renew-online';
import { MEMBER_FORM_MESSAGES } from '../../../../core/members/member-form';
import { addEvent, FETCH, NOW, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aBookingForm } from '../../../support/api/booking-form';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { postTestWebhook, testWebhookOf } from '../../../support/api/test-webhook';

// Renewing online from My club (docs/membership.md#renewing-online).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  const category = (fields: Partial<MembershipCategory>): MembershipCategory => ({
    id: 'adult',
    name: 'Adult',
    description: 'One sailing member',
    seasonPrice: 12_000,
    coversHousehold: false,
    dutiesPerSeason: 2,
    onlinePurchase: true,
    life: false,
    withdrawn: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  });
  await app.get('membership').createCategory(category({}));
  await app.get('membership').createCategory(category({ id: 'social', name: 'Social', seasonPrice: 3_000, dutiesPerSeason: 0 }));
  await app.get('membership').createCategory(category({ id: 'crew', name: 'Crew', onlinePurchase: false }));
});
afterAll(async () => {
  await app.dispose();
});

const DETAILS = { phone: '07700 900123', emergencyContactName: 'Bo Renew', emergencyContactPhone: '07700 900456' };
const CARD_RENEWAL = { ...DETAILS, categoryId: 'adult', accept: true, dutiesPledged: 2, method: 'card' };
const start = (agent: TestAgent, body: object) => agent.post('/api/my/renewal').set(FETCH).send(body);
const pay = (agent: TestAgent, orderId: string, cardToken: string = TEST_CARDS.succeeds) =>
  agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken });
const webhookOf = (checkoutId: string) => testWebhookOf(app, checkoutId);
const sendWebhook = (webhook: { rawBody: Buffer; headers: Record<string, string> }) => postTestWebhook(app, webhook);

describe('a member reads what renewing offers them', () => {
  it('lapsed: open, the categories sold online with their price and the date each pays until', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const offer = (await (await signedInMember(app, member)).get('/api/my/renewal')).body;
    expect(offer).toMatchObject({ status: 'lapsed', renewalDate: '2026-03-31', open: true, refusal: null, currency: 'GBP' });
    expect(
      offer.choices.map((c: { id: string; amount: number; paysUntil: string; dutiesPerSeason: number }) => [c.id, c.amount, c.paysUntil, c.dutiesPerSeason]),
    ).toEqual([
      ['adult', 12_000, '2027-03-31', 2],
      ['social', 3_000, '2027-03-31', 0],
    ]);
  });

  it('current: closed until the window opens, saying from when; 401 without a member', async () => {
    const member = await addListedMember(app, { renewalDate: '2027-03-31' });
    const offer = (await (await signedInMember(app, member)).get('/api/my/renewal')).body;
    expect(offer).toMatchObject({
      status: 'current',
      open: false,
      opensOn: '2027-02-03',
      refusal: ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'),
      choices: [],
    });
    expect((await app.agent().get('/api/my/renewal')).status).toBe(401);
  });
});

describe('a member starts a renewal', () => {
  it('refuses bad input with the messages, changing nothing', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const notAccepted = await start(agent, { ...CARD_RENEWAL, accept: false, dutiesPledged: 1 });
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.body.fields).toEqual({ accept: RENEW_MESSAGES.acceptRequired, dutiesPledged: RENEW_MESSAGES.pledgeRequired(2) });
    const badPhone = await start(agent, { ...CARD_RENEWAL, phone: 'call me' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.fields).toEqual({ phone: MEMBER_FORM_MESSAGES.phoneInvalid });
    expect((await start(agent, { ...CARD_RENEWAL, categoryId: 'crew' })).body.error).toBe(ORDER_MESSAGES.notSoldOnline);
    expect((await start(agent, { ...CARD_RENEWAL, categoryId: 'nothing' })).body.fields).toEqual({ categoryId: RENEW_MESSAGES.categoryNotFound });
    expect(await app.get('membershipOrders').listForMember(member.id)).toEqual([]);
    expect(await app.get('members').get(member.id)).toEqual(member);
    // Not open yet for a current member; and a write needs the fetch header.
    const current = await signedInMember(app, await addListedMember(app, { renewalDate: '2027-03-31' }));
    expect((await start(current, CARD_RENEWAL)).body.error).toBe(ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'));
    expect((await agent.post('/api/my/renewal').send(CARD_RENEWAL)).status).toBe(403);
  });

  it('by card: details saved, acceptance and pledge audited, paid once however often the card step and the webhook come', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const started = await start(agent, CARD_RENEWAL);
    expect(started.status).toBe(201);
    expect(started.body.order).toMatchObject({ categoryId: 'adult', amount: 12_000, currency: 'GBP', paysUntil: '2027-03-31', method: 'card', status: 'open' });
    expect(started.body.order.id).toMatch(/^order-/);
    expect(started.body.checkoutId).toEqual(expect.any(String));
    expect(await app.get('members').get(member.id)).toMatchObject(DETAILS);
    const audit = (await app.get('audit').list({ recordId: member.id, limit: 10 })).find((e) => e.action === 'membership.renewal-started');
    expect(audit?.summary).toContain("accepted the club's rules and privacy notice; pledged 2 duties");

    const declined = await pay(agent, started.body.order.id, TEST_CARDS.declined);
    expect(declined.body.status).toBe('FAILED');
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2026-03-31');

    const paid = await pay(agent, started.body.order.id);
    expect(paid.body).toEqual({ status: 'COMPLETED', renewalDate: '2027-03-31', alreadyPaid: false, refunded: false });
    const webhook = webhookOf(started.body.checkoutId);
    // The webhook twice and the member's return at once: extended once, to the same date.
    const answers = await Promise.all([sendWebhook(webhook), sendWebhook(webhook), pay(agent, started.body.order.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0].body).toEqual({ status: 'COMPLETED' });
    expect(answers[2].body).toMatchObject({ status: 'COMPLETED', renewalDate: '2027-03-31', alreadyPaid: true });
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2027-03-31');
    const [order] = await app.get('membershipOrders').listForMember(member.id);
    expect(order).toMatchObject({ status: 'paid', method: 'card', paymentId: expect.any(String) });
    // Another member cannot pay it.
    const other = await signedInMember(app, await addListedMember(app, { renewalDate: '2026-03-31' }));
    expect((await pay(other, started.body.order.id)).status).toBe(404);
  });

  it('by webhook alone (the answer lost): the race of two webhooks extends once', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const started = await start(agent, { ...CARD_RENEWAL, categoryId: 'social', dutiesPledged: 0 });
    await (app.get('payments') as TestPaymentGateway).completeCheckout(started.body.checkoutId, TEST_CARDS.succeeds);
    const webhook = webhookOf(started.body.checkoutId);
    const answers = await Promise.all([sendWebhook(webhook), sendWebhook(webhook)]);
    expect(answers.map((a) => a.body)).toEqual([{ status: 'COMPLETED' }, { status: 'COMPLETED' }]);
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2027-03-31');
    expect((await pay(agent, started.body.order.id)).body).toMatchObject({ status: 'COMPLETED', alreadyPaid: true, renewalDate: '2027-03-31' });
  });

  it("reads each webhook once and routes it by its reference: an order's renews, a booking's pays the booking", async () => {
    const gateway = app.get('payments') as TestPaymentGateway;
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const started = await start(await signedInMember(app, member), { ...CARD_RENEWAL, categoryId: 'social', dutiesPledged: 0 });
    await gateway.completeCheckout(started.body.checkoutId, TEST_CARDS.succeeds);
    const event = await addEvent(app, { requiresPayment: true, price: 1250, name: 'Laying-up supper' });
    const booked = await app
      .agent()
      .post('/api/bookings')
      .send({ eventId: event.id, ...aBookingForm({ numberAttending: '1', email: '' }) });
    expect(booked.status).toBe(201);
    await gateway.completeCheckout(booked.body.checkoutId, TEST_CARDS.succeeds);

    const parse = vi.spyOn(gateway, 'parseWebhook');
    try {
      expect((await sendWebhook(webhookOf(started.body.checkoutId))).body).toEqual({ status: 'COMPLETED' });
      expect(parse).toHaveBeenCalledTimes(1);
      expect((await sendWebhook(webhookOf(booked.body.checkoutId))).body).toEqual({ status: 'COMPLETED' });
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2027-03-31');
    expect(await app.get('membershipOrders').get(started.body.order.id)).toMatchObject({ status: 'paid', method: 'card' });
    expect(await app.get('bookings').get(booked.body.bookingId)).toMatchObject({ paid: true });
  });

  it('by cash or transfer: the order stays open for an admin, no checkout, nothing extended', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const started = await start(agent, { ...CARD_RENEWAL, method: 'transfer' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ checkoutId: null, order: { method: 'transfer', status: 'open' } });
    expect((await pay(agent, started.body.order.id)).body.error).toBe(RENEW_MESSAGES.notCard);
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2026-03-31');
  });
});

describe('an admin confirms a cash or transfer renewal', () => {
  it('lists the open offline orders with the member, and Mark paid extends once', async () => {
    const member = await addListedMember(app, { name: 'Dee Cash', renewalDate: '2026-03-31' });
    const started = await start(await signedInMember(app, member), { ...CARD_RENEWAL, method: 'cash' });
    const secretary = await signedInAdmin(app, 'secretary.renew@example.org', ['members:write']);
    const listed = await secretary.get('/api/admin/membership/orders');
    expect(listed.status).toBe(200);
    expect(listed.body.orders.find((o: { id: string }) => o.id === started.body.order.id)).toMatchObject({
      memberName: 'Dee Cash',
      method: 'cash',
      status: 'open',
    });
    const answers = await Promise.all(
      [0, 1].map(() => secretary.post(`/api/admin/membership/orders/${started.body.order.id}/paid`).set(FETCH).send({ method: 'cash' })),
    );
    expect(answers.map((a) => a.body.result).sort()).toEqual(['already-applied', 'applied']);
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2027-03-31');
    expect((await secretary.get('/api/admin/membership/orders')).body.orders.some((o: { id: string }) => o.id === started.body.order.id)).toBe(false);
    expect((await secretary.post('/api/admin/membership/orders/order-none/paid').set(FETCH).send({ method: 'cash' })).status).toBe(404);
  });

  it('Cancel closes an open transfer order for good: a payment confirmed afterwards buys nothing; audited', async () => {
    const member = await addListedMember(app, { name: 'Eve Transfer', renewalDate: '2026-03-31' });
    const started = await start(await signedInMember(app, member), { ...CARD_RENEWAL, method: 'transfer' });
    const orderId: string = started.body.order.id;
    const secretary = await signedInAdmin(app, 'secretary.cancel@example.org', ['members:write']);
    const reader = await signedInAdmin(app, 'reader.cancel@example.org', ['bookings:write']);
    expect((await reader.post(`/api/admin/membership/orders/${orderId}/cancel`).set(FETCH)).status).toBe(403);
    expect(await app.get('membershipOrders').get(orderId)).toMatchObject({ status: 'open' });

    // Two admins at once: one cancels, the other is told it is no longer open.
    const answers = await Promise.all([0, 1].map(() => secretary.post(`/api/admin/membership/orders/${orderId}/cancel`).set(FETCH)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)?.body.order).toMatchObject({ id: orderId, status: 'cancelled' });
    expect(answers.find((a) => a.status === 409)?.body.error).toBe(ORDER_MESSAGES.noLongerOpen);
    expect((await secretary.get('/api/admin/membership/orders')).body.orders.some((o: { id: string }) => o.id === orderId)).toBe(false);
    const confirmed = await secretary.post(`/api/admin/membership/orders/${orderId}/paid`).set(FETCH).send({ method: 'transfer' });
    expect(confirmed.body.result).toBe('refund');
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2026-03-31');
    const audit = await app.get('audit').list({ limit: 200 });
    expect(audit.some((e) => e.action === 'membership.order-cancelled' && e.recordId === member.id && e.summary.includes('Eve Transfer'))).toBe(true);
  });

  it('Cancel refuses a card order, a paid one and an unknown one, changing nothing', async () => {
    const member = await addListedMember(app, { name: 'Fay Card', renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const card = await start(agent, CARD_RENEWAL);
    const secretary = await signedInAdmin(app, 'secretary.cancel2@example.org', ['members:write']);
    const refused = await secretary.post(`/api/admin/membership/orders/${card.body.order.id}/cancel`).set(FETCH);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(ORDER_MESSAGES.notCancellable);
    expect(await app.get('membershipOrders').get(card.body.order.id)).toMatchObject({ status: 'open' });
    const cash = await start(agent, { ...CARD_RENEWAL, method: 'cash' });
    await secretary.post(`/api/admin/membership/orders/${cash.body.order.id}/paid`).set(FETCH).send({ method: 'cash' });
    const paid = await secretary.post(`/api/admin/membership/orders/${cash.body.order.id}/cancel`).set(FETCH);
    expect(paid.status).toBe(409);
    expect(await app.get('membershipOrders').get(cash.body.order.id)).toMatchObject({ status: 'paid' });
    expect((await secretary.post('/api/admin/membership/orders/order-none/cancel').set(FETCH)).status).toBe(404);
  });
});
