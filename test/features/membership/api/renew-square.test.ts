import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { FETCH, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { squareEnv, squareRequestProblem, startFakeSquareServer, type FakeSquareServer } from '../../../support/fake-square-server';
import { aMembershipCategory } from '../../../support/entities';

// A membership renewal paid through Square (docs/membership.md#renewing-online): every request the
// adapter sends for it validates against Square's API description, as a booking's do
// (docs/payments.md#tests).
let square: FakeSquareServer;
let app: TestApp;
beforeAll(async () => {
  square = await startFakeSquareServer();
  app = await startTestApp({ env: squareEnv(square) });
  await app.get('membership').createCategory(aMembershipCategory({ dutiesPerSeason: 0 }));
});
afterAll(async () => {
  await app?.dispose();
  await square?.close();
});

const RENEWAL = {
  phone: '07700 900123',
  emergencyContactName: 'Bo Renew',
  emergencyContactPhone: '07700 900456',
  categoryId: 'adult',
  accept: true,
  dutiesPledged: 0,
  method: 'card',
};
const start = (agent: TestAgent) => agent.post('/api/my/renewal').set(FETCH).send(RENEWAL);
const pay = (agent: TestAgent, orderId: string, cardToken: string) => agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken });

describe("a membership renewal through Square's API", () => {
  it("charges the order's amount with the order as reference, and Square's webhook for it extends once", async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const started = await start(agent);
    expect(started.status).toBe(201);
    const orderId: string = started.body.order.id;

    expect((await pay(agent, orderId, square.issueCardToken('declined'))).body).toMatchObject({ status: 'FAILED' });
    const paid = await pay(agent, orderId, square.issueCardToken('ok'));
    expect(paid.body).toEqual({ status: 'COMPLETED', renewalDate: '2027-03-31', alreadyPaid: false, refunded: false });
    const taken = square.completedPayments().filter((p) => p.reference_id === orderId);
    expect(taken).toHaveLength(1);
    expect(taken[0].amount_money).toEqual({ amount: 12_000, currency: 'GBP' });

    const webhook = square.webhookFor(taken[0].id);
    const answer = await app.agent().post('/api/webhooks/square').set(webhook.headers).send(webhook.rawBody.toString('utf8'));
    expect(answer.body).toEqual({ status: 'COMPLETED' });
    expect((await app.get('members').get(member.id))?.renewalDate).toBe('2027-03-31');
    expect(square.refunds).toEqual([]);
    expect(square.refused).toEqual([]);
  });

  it('refunds, through RefundPayment, a payment that bought nothing: once, whatever the webhook brings after', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const agent = await signedInMember(app, member);
    const started = await start(agent);
    const orderId: string = started.body.order.id;
    // An admin extended the member meanwhile: the card payment buys nothing.
    await app.get('members').update({ ...member, renewalDate: '2027-03-31' });

    const paid = await pay(agent, orderId, square.issueCardToken('ok'));
    expect(paid.body).toEqual({ status: 'COMPLETED', renewalDate: '2027-03-31', alreadyPaid: false, refunded: true });
    const payment = square.completedPayments().find((p) => p.reference_id === orderId)!;
    const webhook = square.webhookFor(payment.id);
    expect((await app.agent().post('/api/webhooks/square').set(webhook.headers).send(webhook.rawBody.toString('utf8'))).body).toEqual({ status: 'COMPLETED' });

    const refunds = square.refunds.filter((r) => r.payment_id === payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_money: { amount: 12_000, currency: 'GBP' }, reason: expect.stringContaining(orderId) });
    // The webhook finds the order carrying this payment already: nothing more is asked of Square.
    expect(square.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(1);
    expect(square.refused).toEqual([]);
  });

  it("the local server refuses what Square's description refuses: an unknown field, a key over 45 characters, a bad currency", () => {
    const refund = { idempotency_key: 'mr-pay1', payment_id: 'pay1', amount_money: { amount: 100, currency: 'GBP' }, reason: 'Membership order' };
    expect(squareRequestProblem('/v2/refunds', refund)).toBeNull();
    expect(squareRequestProblem('/v2/refunds', { ...refund, order: 'order-1' })).toContain('Unexpected key');
    expect(squareRequestProblem('/v2/refunds', { ...refund, idempotency_key: 'k'.repeat(46) })).toContain('idempotency_key');
    expect(squareRequestProblem('/v2/refunds', { ...refund, amount_money: { amount: 100, currency: 'XXZ' } })).toContain('currency');
    expect(squareRequestProblem('/v2/refunds', { ...refund, payment_id: undefined })).toContain('payment_id');
  });
});
