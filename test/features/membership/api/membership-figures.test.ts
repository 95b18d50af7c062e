import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { TEST_CARDS, type TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import type { MembershipCategory } from '../../../../core/membership/membership-category';
import { FIGURES_MESSAGES, MEMBERSHIP_CSV_HEADER } from '../../../../core/membership/membership-figures';
import { ORDER_MESSAGES } from '../../../../core/membership/membership-order';
import { PERMISSION_MESSAGES } from '../../../../core/admins/permissions';
import { FETCH, NOW, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { aMembershipCategory } from '../../../support/entities';

// The secretary's and treasurer's figures, refunds and CSV (docs/membership.md#figures-refunds-and-the-csv).
let app: TestApp;
let treasurer: TestAgent;
let secretary: TestAgent;
const DETAILS = { phone: '07700 900123', emergencyContactName: 'Bo Renew', emergencyContactPhone: '07700 900456', accept: true };

const category = (fields: Partial<MembershipCategory>) =>
  aMembershipCategory({ description: '', dutiesPerSeason: 0, createdAt: NOW, updatedAt: NOW, ...fields });

/** A lapsed member renewing into `categoryId` by card (paid with the test card) or cash (confirmed by the treasurer): the order's id. */
async function renew(name: string, categoryId: string, method: 'card' | 'cash'): Promise<{ orderId: string; memberId: string }> {
  const member = await addListedMember(app, { name, renewalDate: '2026-03-31', membershipType: categoryId === 'adult' ? 'Adult' : 'Social' });
  const agent = await signedInMember(app, member);
  const started = await agent
    .post('/api/my/renewal')
    .set(FETCH)
    .send({ ...DETAILS, categoryId, dutiesPledged: 0, method });
  expect(started.status).toBe(201);
  const orderId: string = started.body.order.id;
  if (method === 'card') {
    const paid = await agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken: TEST_CARDS.succeeds });
    expect(paid.body.status).toBe('COMPLETED');
  } else {
    expect((await treasurer.post(`/api/admin/membership/orders/${orderId}/paid`).set(FETCH).send({ method })).status).toBe(200);
  }
  return { orderId, memberId: member.id };
}

/** The CSV's rows as objects by header, and the sums of its Amount and Refunded columns in minor units. */
function readCsv(text: string) {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const names = header.split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
  const sum = (column: string) => rows.reduce((total, row) => total + (row[column] ? Math.round(Number(row[column]) * 100) : 0), 0);
  return { names, rows, amount: sum('Amount'), refunded: sum('Refunded') };
}

let card: { orderId: string; memberId: string };
let cash: { orderId: string; memberId: string };
beforeAll(async () => {
  app = await startTestApp();
  await app.get('membership').createCategory(category({}));
  await app.get('membership').createCategory(category({ id: 'social', name: 'Social', seasonPrice: 3_000 }));
  treasurer = await signedInAdmin(app, 'treasurer@example.org', ['members:write', 'bookings:write']);
  secretary = await signedInAdmin(app, 'secretary@example.org', ['members:write']);
  card = await renew('Ann Card', 'adult', 'card');
  cash = await renew('Bob Cash', 'social', 'cash');
  await addListedMember(app, { name: 'Cat Lapsed', renewalDate: '2026-03-31' });
  await addListedMember(app, { name: 'Dan Due', renewalDate: '2026-07-15' });
  await addListedMember(app, { name: 'Eve Life', renewalDate: '9999-12-31', membershipType: 'Life' });
  await addListedMember(app, { name: 'Fay Gone', renewalDate: '2026-03-31', disabled: true });
});
afterAll(async () => {
  await app.dispose();
});

/** A signed-in member who may start card renewals in two tabs (the second buys nothing beyond the first). */
async function twoTabs(member: Parameters<typeof signedInMember>[1]) {
  const agent = await signedInMember(app, member);
  const startCard = async () =>
    (
      await agent
        .post('/api/my/renewal')
        .set(FETCH)
        .send({ ...DETAILS, categoryId: 'social', dutiesPledged: 0, method: 'card' })
    ).body.order.id as string;
  return { agent, startCard };
}

const figures = (agent: TestAgent, query = '') => agent.get(`/api/admin/membership/figures${query}`);
const names = (list: { name: string }[]) => list.map((m) => m.name);

describe('the figures of the current membership year', () => {
  it('counts who is due, lapsed, renewed and for life, with names, and the money per category and method', async () => {
    const res = await figures(treasurer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: 2026, start: '2026-04-01', end: '2027-03-31', asOf: '2026-06-01', currency: 'GBP' });
    expect(res.body.counts).toEqual({ due: 1, lapsed: 1, renewed: 2, life: 1, current: 2 });
    expect(names(res.body.due)).toEqual(['Dan Due']);
    expect(names(res.body.lapsed)).toEqual(['Cat Lapsed']);
    expect(names(res.body.renewed)).toEqual(['Ann Card', 'Bob Cash']);
    expect(res.body.money.total).toEqual({ paid: 15_000, refunded: 0, net: 15_000 });
    expect(res.body.money.byMethod).toEqual([
      { method: 'card', payments: 1, paid: 12_000, refunded: 0, net: 12_000 },
      { method: 'cash', payments: 1, paid: 3_000, refunded: 0, net: 3_000 },
      { method: 'transfer', payments: 0, paid: 0, refunded: 0, net: 0 },
    ]);
    const adult = res.body.categories.find((c: { name: string }) => c.name === 'Adult');
    expect(adult).toMatchObject({ categoryId: 'adult', renewed: 1, money: { paid: 12_000, refunded: 0, net: 12_000 } });
  });

  it('members:write alone sees the counts and names but no money, and is refused the CSV and refunds, changing nothing', async () => {
    const res = await figures(secretary);
    expect(res.status).toBe(200);
    expect(res.body.counts.renewed).toBe(2);
    expect(res.body.money).toBeNull();
    expect(res.body.categories.every((c: { money: unknown }) => c.money === null)).toBe(true);
    const refused = { error: PERMISSION_MESSAGES.membershipMoney, permission: 'bookings:write' };
    const csv = await secretary.get('/api/admin/membership/payments.csv');
    expect(csv.status).toBe(403);
    expect(csv.body).toEqual(refused);
    const refund = await secretary.post(`/api/admin/membership/orders/${card.orderId}/refund`).set(FETCH);
    expect(refund.status).toBe(403);
    expect(refund.body).toEqual(refused);
    expect(await app.get('membershipOrders').get(card.orderId)).toMatchObject({ status: 'paid' });
    // bookings:write alone is not enough either: the Membership screen is members:write's.
    const bookingsOnly = await signedInAdmin(app, 'bookings@example.org', ['bookings:write']);
    expect((await figures(bookingsOnly)).status).toBe(403);
  });

  it('refuses a bad year with the message, and reads another year', async () => {
    for (const year of ['abc', '26', '2026.5', '', '99999']) {
      const res = await figures(treasurer, `?year=${year}`);
      expect(res.status, year).toBe(400);
      expect(JSON.stringify(res.body)).toContain(FIGURES_MESSAGES.year);
    }
    const last = await figures(treasurer, '?year=2025');
    expect(last.body).toMatchObject({ year: 2025, start: '2025-04-01', end: '2026-03-31', asOf: '2026-03-31' });
    expect(last.body.money.total.paid).toBe(0);
  });
});

describe('refunding a paid membership order', () => {
  it('a card refund asked twice at once refunds once through the provider, audited once; the renewal date stays', async () => {
    const gateway = app.get('payments') as TestPaymentGateway;
    const before = gateway.refunds.length;
    const answers = await Promise.all([1, 2].map(() => treasurer.post(`/api/admin/membership/orders/${card.orderId}/refund`).set(FETCH)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['already-refunded', 'refunded']);
    expect(gateway.refunds.length - before).toBe(1);
    expect(gateway.refunds.at(-1)).toMatchObject({ amount: 12_000, currency: 'GBP' });
    const order = await app.get('membershipOrders').get(card.orderId);
    expect(order).toMatchObject({ status: 'refunded', refundId: gateway.refunds.at(-1)!.refundId, refundedAt: NOW });
    const audit = (await app.get('audit').list({ recordId: card.memberId, limit: 20 })).filter((e) => e.action === 'membership.refunded');
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toContain('£120.00');
    expect((await app.get('members').get(card.memberId))?.renewalDate).toBe('2027-03-31');
    // Again later: already refunded, nothing more.
    expect((await treasurer.post(`/api/admin/membership/orders/${card.orderId}/refund`).set(FETCH)).body.result).toBe('already-refunded');
    expect(gateway.refunds.length - before).toBe(1);
  });

  it('cash is recorded as handed back by hand; the figures and the CSV both drop by the refund', async () => {
    const res = await treasurer.post(`/api/admin/membership/orders/${cash.orderId}/refund`).set(FETCH);
    expect(res.body).toMatchObject({ result: 'refunded', order: { status: 'refunded', refundId: `offline-refund-${cash.orderId}` } });
    const after = (await figures(treasurer)).body;
    expect(after.money.total).toEqual({ paid: 15_000, refunded: 15_000, net: 0 });
    expect(after.counts.renewed).toBe(0);
    const csv = await treasurer.get('/api/admin/membership/payments.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="membership_payments_2026.csv"');
    const read = readCsv(csv.text);
    expect(read.names).toEqual([...MEMBERSHIP_CSV_HEADER]);
    // All at the test clock's one instant: payments before refunds, then by order id (random).
    expect(read.rows.map((row) => row['Type'])).toEqual(['Payment', 'Payment', 'Refund', 'Refund']);
    expect(read.rows.map((row) => [row['Type'], row['Member'], row['Method']]).sort()).toEqual([
      ['Payment', 'Ann Card', 'card'],
      ['Payment', 'Bob Cash', 'cash'],
      ['Refund', 'Ann Card', 'card'],
      ['Refund', 'Bob Cash', 'cash'],
    ]);
    expect([read.amount, read.refunded]).toEqual([after.money.total.paid, after.money.total.refunded]);
  });

  it('a card payment that bought nothing is refunded through the provider and counts as refunded in the figures and the CSV', async () => {
    const member = await addListedMember(app, { name: 'Gus Twice', renewalDate: '2026-03-31', membershipType: 'Social' });
    const { agent, startCard } = await twoTabs(member);
    // Two renewals started in two tabs, both paid: the second buys nothing beyond the first's date.
    const [first, second] = [await startCard(), await startCard()];
    const pay = (orderId: string) => agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken: TEST_CARDS.succeeds });
    expect((await pay(first)).body).toMatchObject({ status: 'COMPLETED', refunded: false });
    const before = (await figures(treasurer)).body.money.total;
    expect((await pay(second)).body).toMatchObject({ status: 'COMPLETED', refunded: true });
    expect(await app.get('membershipOrders').get(second)).toMatchObject({ status: 'refunded', refundId: expect.any(String) });
    const after = (await figures(treasurer)).body.money.total;
    expect(after).toEqual({ paid: before.paid + 3_000, refunded: before.refunded + 3_000, net: before.net });
    const read = readCsv((await treasurer.get('/api/admin/membership/payments.csv')).text);
    expect([read.amount, read.refunded]).toEqual([after.paid, after.refunded]);
    const audit = (await app.get('audit').list({ recordId: member.id, limit: 20 })).find((e) => e.action === 'membership.refunded');
    expect(audit).toMatchObject({ actor: { kind: 'system' } });
    expect(audit?.summary).toContain('the payment bought nothing');
  });

  it('a payment that bought nothing whose refund the provider refuses is not said refunded, nor counted so', async () => {
    const member = await addListedMember(app, { name: 'Hal Refused', renewalDate: '2026-03-31', membershipType: 'Social' });
    const { agent, startCard } = await twoTabs(member);
    const [first, second] = [await startCard(), await startCard()];
    const pay = (orderId: string, cardToken: string) => agent.post('/api/my/renewal/pay').set(FETCH).send({ orderId, cardToken });
    expect((await pay(first, TEST_CARDS.succeeds)).body).toMatchObject({ status: 'COMPLETED', refunded: false });
    // Paid with a card whose refunds the issuer refuses: the money is still with the club.
    expect((await pay(second, TEST_CARDS.refundRefused)).body).toMatchObject({ status: 'COMPLETED', refunded: false });
    expect(await app.get('membershipOrders').get(second)).toMatchObject({ status: 'paid' });
  });

  it('refuses an order that is not paid (400) or unknown (404), changing nothing', async () => {
    const member = await addListedMember(app, { renewalDate: '2026-03-31' });
    const started = await (
      await signedInMember(app, member)
    )
      .post('/api/my/renewal')
      .set(FETCH)
      .send({ ...DETAILS, categoryId: 'social', dutiesPledged: 0, method: 'transfer' });
    const open = await treasurer.post(`/api/admin/membership/orders/${started.body.order.id}/refund`).set(FETCH);
    expect(open.status).toBe(400);
    expect(open.body.error).toBe(ORDER_MESSAGES.notRefundable);
    expect(await app.get('membershipOrders').get(started.body.order.id)).toMatchObject({ status: 'open' });
    const unknown = await treasurer.post('/api/admin/membership/orders/order-nothing/refund').set(FETCH);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(ORDER_MESSAGES.notFound);
  });
});
