import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import { ORDER_MESSAGES } from '../../../../core/membership/membership-order';
import type { Member } from '../../../../core/members/member';
import { FETCH, NOW, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { postTestWebhook, testWebhookOf } from '../../../support/api/test-webhook';
import { aMembershipCategory } from '../../../support/entities';

// A household category renewed by the household's contact (docs/membership.md#renewing-online):
// one payment extends every member of the household once. Runs on SQLite and, with
// --project api-firestore, on the Firestore emulator.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.get('membership').createCategory(aMembershipCategory({ dutiesPerSeason: 0 }));
  await app
    .get('membership')
    .createCategory(aMembershipCategory({ id: 'family', name: 'Family', seasonPrice: 18_000, coversHousehold: true, dutiesPerSeason: 0 }));
});
afterAll(async () => {
  await app?.dispose();
});

const DETAILS = { phone: '07700 900123', emergencyContactName: 'Bo Renew', emergencyContactPhone: '07700 900456', accept: true, dutiesPledged: 0 };
const start = (agent: TestAgent, categoryId: string) =>
  agent
    .post('/api/my/renewal')
    .set(FETCH)
    .send({ ...DETAILS, categoryId, method: 'card' });
const pay = (agent: TestAgent, orderId: string) => agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken: TEST_CARDS.succeeds });
const sendWebhook = (checkoutId: string) => postTestWebhook(app, testWebhookOf(app, checkoutId));
const renewalDates = async (members: Member[]) => Promise.all(members.map(async (m) => (await app.get('members').get(m.id))?.renewalDate));

/** A household of listed Adult members, one per renewal date, the first its contact. */
async function household(name: string, renewalDates: string[]): Promise<Member[]> {
  const members: Member[] = [];
  for (const renewalDate of renewalDates) {
    const member = await addListedMember(app, { renewalDate, membershipType: 'Adult' });
    expect(await app.get('households').join({ householdId: name, memberId: member.id, at: NOW }, 8)).toBe('joined');
    members.push(member);
  }
  return members;
}

describe("a household category, renewed by the household's contact", () => {
  it('extends every member of the household once, however often the payment is recorded', async () => {
    const [ann, ben, cat] = await household('household-renew-1', ['2026-03-31', '2026-03-31', '2026-05-31']);
    const annAgent = await signedInMember(app, ann);
    const started = await start(annAgent, 'family');
    expect(started.status).toBe(201);
    expect(started.body.order).toMatchObject({ amount: 18_000, paysUntil: '2027-03-31' });
    const stored = await app.get('membershipOrders').get(started.body.order.id);
    expect(stored?.householdMemberIds.slice().sort()).toEqual([ben.id, cat.id].sort());

    await (app.get('payments') as TestPaymentGateway).completeCheckout(started.body.checkoutId, TEST_CARDS.succeeds);
    // The member's return and the webhook twice, at once.
    const answers = await Promise.all([pay(annAgent, started.body.order.id), sendWebhook(started.body.checkoutId), sendWebhook(started.body.checkoutId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0].body).toMatchObject({ status: 'COMPLETED', renewalDate: '2027-03-31', refunded: false });
    expect(await renewalDates([ann, ben, cat])).toEqual(['2027-03-31', '2027-03-31', '2027-03-31']);
    // Each now holds the household's category, as My club and the duty quotas read it.
    const held = await Promise.all([ann, ben, cat].map(async (m) => (await app.get('members').get(m.id))?.membershipType));
    expect(held).toEqual(['Family', 'Family', 'Family']);
    expect(await app.get('membershipOrders').get(started.body.order.id)).toMatchObject({ status: 'paid', appliedAt: expect.any(String) });
  });

  it('another member of the household cannot pay for it again: not the household order, not the category, and their own order is refunded', async () => {
    const [dee, eve] = await household('household-renew-2', ['2026-03-31', '2026-03-31']);
    const [deeAgent, eveAgent] = [await signedInMember(app, dee), await signedInMember(app, eve)];
    const refused = await start(eveAgent, 'family');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(ORDER_MESSAGES.notContact);
    // Eve starts a renewal of her own before the contact pays for the household.
    const own = await start(eveAgent, 'adult');
    expect(own.status).toBe(201);
    const family = await start(deeAgent, 'family');
    expect((await pay(deeAgent, family.body.order.id)).body).toMatchObject({ status: 'COMPLETED', renewalDate: '2027-03-31', refunded: false });
    expect((await pay(eveAgent, family.body.order.id)).status).toBe(404);

    // Her own order bought nothing the household's had not: she is not charged twice.
    expect((await pay(eveAgent, own.body.order.id)).body).toMatchObject({ status: 'COMPLETED', renewalDate: '2027-03-31', refunded: true });
    const gateway = app.get('payments') as TestPaymentGateway;
    const ownOrder = await app.get('membershipOrders').get(own.body.order.id);
    expect(gateway.refunds.filter((r) => r.paymentId === ownOrder?.paymentId)).toHaveLength(1);
    expect(await renewalDates([dee, eve])).toEqual(['2027-03-31', '2027-03-31']);
    // And once paid, the household's renewal is closed for both until the next window.
    expect((await start(eveAgent, 'adult')).body.error).toBe(ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'));
    expect((await start(deeAgent, 'family')).body.error).toBe(ORDER_MESSAGES.renewalNotOpen('Wed 3 February 2027'));
  });
});
