import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirestoreMemberRepository } from '../../../../adapters/firestore/firestore-member-repository';
import { FirestoreMembershipOrderRepository } from '../../../../adapters/firestore/firestore-membership-order-repository';
import { SqliteMemberRepository } from '../../../../adapters/sqlite/sqlite-member-repository';
import { SqliteMembershipOrderRepository } from '../../../../adapters/sqlite/sqlite-membership-order-repository';
import { offlinePaymentId, offlineRefundId, type MembershipOrder, type OrderPayment, type OrderRefund } from '../../../../core/membership/membership-order';
import type { AuditEntry } from '../../../../core/audit/audit';
import type { MembershipOrderRepository } from '../../../../core/membership/membership-order-repository.port';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import { builder, aMember } from '../../../support/entities';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { storesUnderTest } from '../../../support/stores';
import { withTempSqlite } from '../../../support/temp-sqlite';

// The MembershipOrderRepository contract (docs/membership.md, "Orders and payments") on every
// store: an order recorded paid moves the renewal dates in the same atomic write, once however
// often and however concurrently the same payment comes, never backwards.

const firestore = useFirestoreEmulator();
const STORES = storesUnderTest(firestore, 'kyc-orders-');

const NOW = '2027-03-01T10:00:00.000Z';
const LATER = '2027-03-01T11:00:00.000Z';

const anOrder = builder<MembershipOrder>({
  id: 'ord-1',
  kind: 'renewal',
  memberId: 'mem-ann',
  applicationId: null,
  categoryId: 'family',
  householdMemberIds: [],
  amount: 12000,
  currency: 'GBP',
  paysUntil: '2028-03-31',
  method: 'card',
  status: 'open',
  paymentId: null,
  paidAt: null,
  appliedAt: null,
  confirmedBy: null,
  createdAt: '2027-02-20T10:00:00.000Z',
});

const card = (orderId: string, paymentId: string): OrderPayment => ({ orderId, paymentId, method: 'card', confirmedBy: null, auditId: null });
const TREASURER = { uid: 'uid-treasurer', email: 'treasurer@example.org' };

const refundOf = (orderId: string, auditId: string, refundId = `re-${orderId}`): OrderRefund => ({ orderId, refundId, refundedBy: TREASURER, auditId });

const ann = aMember({ id: 'mem-ann', email: 'ann@club.example', renewalDate: '2027-03-31' });
const bob = aMember({ id: 'mem-bob', name: 'Bob Sailor', email: 'bob@club.example', renewalDate: '2027-03-31' });
const cat = aMember({ id: 'mem-cat', name: 'Cat Sailor', email: 'cat@club.example', renewalDate: '2026-03-31' });

/** The orders ordered by id: getMany answers them in no given order. */
const byId = (orders: readonly MembershipOrder[]) => [...orders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function renewalDates(members: MemberRepository, ...ids: string[]): Promise<(string | undefined)[]> {
  return Promise.all(ids.map(async (id) => (await members.get(id))?.renewalDate));
}

describe.each(STORES)('MembershipOrderRepository (%s)', (_name, open) => {
  it('stores an order, reads it back and lists a member’s newest first; refuses an id taken or an invalid order, storing nothing', async () => {
    await withStore(open, async ({ membershipOrders: orders }) => {
      expect(await orders.get('ord-1')).toBeNull();
      expect(await orders.get('no/such')).toBeNull();
      expect(await orders.listForMember('mem-ann')).toEqual([]);
      const household = anOrder({ householdMemberIds: ['mem-bob', 'mem-cat'] });
      await orders.create(household);
      await orders.create(anOrder({ id: 'ord-2', createdAt: '2027-02-21T10:00:00.000Z' }));
      await orders.create(anOrder({ id: 'ord-3', memberId: 'mem-bob' }));
      expect(await orders.get('ord-1')).toEqual(household);
      expect((await orders.listForMember('mem-ann')).map((o) => o.id)).toEqual(['ord-2', 'ord-1']);
      expect(await rejectionOf(orders.create(anOrder({ amount: 1 })))).toBeInstanceOf(ConflictError);
      expect(await rejectionOf(orders.create(anOrder({ id: 'bad id with spaces' })))).toBeInstanceOf(ValidationError);
      expect(await rejectionOf(orders.create(anOrder({ id: 'x'.repeat(41) })))).toBeInstanceOf(ValidationError);
      expect(await rejectionOf(orders.create(anOrder({ id: 'ord-4', memberId: null })))).toBeInstanceOf(ValidationError);
      expect(await orders.get('ord-1')).toEqual(household);
      expect(await orders.get('ord-4')).toBeNull();
    });
  });

  it('reads many orders at once: each stored one once, as get reads it; unknown ids, duplicates and ids that are no order ids left out', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      const household = anOrder({ householdMemberIds: ['mem-bob', 'mem-cat'] });
      const joining = anOrder({ id: 'ord-j', kind: 'joining', memberId: null, applicationId: 'app-1' });
      await orders.create(household);
      await orders.create(joining);
      await orders.create(anOrder({ id: 'ord-3', method: 'cash' }));
      await orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      await orders.recordRefund(refundOf('ord-1', 'audit-many'), LATER);
      const refunded = await orders.get('ord-1');
      expect(refunded?.status).toBe('refunded');
      expect(await orders.getMany([])).toEqual([]);
      expect(await orders.getMany(['ord-none', 'no/such', '', 'x'.repeat(1600)])).toEqual([]);
      expect(byId(await orders.getMany(['ord-j', 'ord-none', 'ord-1', 'ord-j', 'a/b', 'ord-1']))).toEqual([refunded, joining]);
      expect(byId(await orders.getMany(['ord-3', 'ord-1', 'ord-j']))).toEqual(byId([refunded!, joining, anOrder({ id: 'ord-3', method: 'cash' })]));
    });
  });

  it('reads more orders than one read takes (SQLite: 500 ids to an IN, Firestore: 100 documents to a getAll), the unknown among them left out', async () => {
    await withStore(open, async ({ membershipOrders: orders }) => {
      const stored = Array.from({ length: 620 }, (_, i) => anOrder({ id: `ord-${String(i).padStart(4, '0')}`, memberId: `mem-${i % 7}` }));
      for (let at = 0; at < stored.length; at += 50) await Promise.all(stored.slice(at, at + 50).map((order) => orders.create(order)));
      const unknown = Array.from({ length: 480 }, (_, i) => `ord-none-${i}`);
      // 1,100 ids, each stored one asked twice, the stored and the unknown interleaved.
      const asked = stored.flatMap((order, i) => [order.id, unknown[i] ?? order.id]).concat(unknown.slice(stored.length));
      expect(asked.length).toBeGreaterThan(1000);
      expect(byId(await orders.getMany(asked))).toEqual(stored);
    });
  });

  it('PROPERTY: any mix of stored ids (some twice) and unknown ones reads back exactly the stored orders among them', async () => {
    await withStore(open, async ({ membershipOrders: orders }) => {
      const stored = Array.from({ length: 12 }, (_, i) =>
        anOrder({ id: `ord-p${i}`, status: i % 3 === 0 ? 'cancelled' : 'open', method: i % 2 === 0 ? 'card' : 'transfer', amount: 1000 + i }),
      );
      for (const order of stored) await orders.create(order);
      const ids = new Set(stored.map((order) => order.id));
      await fc.assert(
        fc.asyncProperty(
          fc.shuffledSubarray(stored),
          fc.array(fc.constantFrom(...stored), { maxLength: 4 }),
          fc.array(fc.oneof(fc.string({ maxLength: 45 }), fc.stringMatching(/^ord-[a-z0-9]{1,8}$/)), { maxLength: 6 }),
          async (chosen, again, others) => {
            const unknown = others.filter((id) => !ids.has(id));
            const asked = [...unknown, ...chosen.map((order) => order.id), ...again.map((order) => order.id)];
            const expected = byId([...new Map([...chosen, ...again].map((order) => [order.id, order])).values()]);
            expect(byId(await orders.getMany(asked))).toEqual(expected);
          },
        ),
        { numRuns: 25, endOnFailure: true },
      );
    });
  });

  it('lists the open cash and transfer orders, oldest first; a card order or a paid one is not listed; and every open order', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      expect(await orders.listOpenOffline()).toEqual([]);
      await orders.create(anOrder({ id: 'ord-card' }));
      await orders.create(anOrder({ id: 'ord-late', method: 'cash', createdAt: '2027-02-22T10:00:00.000Z' }));
      await orders.create(anOrder({ id: 'ord-early', method: 'transfer', createdAt: '2027-02-21T10:00:00.000Z' }));
      await orders.create(anOrder({ id: 'ord-paid', method: 'cash' }));
      await orders.recordPayment(
        { orderId: 'ord-paid', paymentId: offlinePaymentId('ord-paid'), method: 'cash', confirmedBy: TREASURER, auditId: 'audit-list-1' },
        NOW,
      );
      expect((await orders.listOpenOffline()).map((o) => o.id)).toEqual(['ord-early', 'ord-late']);
      // Every open order, whatever its method, oldest first; a cancelled one no more.
      expect((await orders.listOpen()).map((o) => o.id)).toEqual(['ord-card', 'ord-early', 'ord-late']);
      expect(await orders.cancel('ord-late')).toBe(true);
      expect((await orders.listOpen()).map((o) => o.id)).toEqual(['ord-card', 'ord-early']);
    });
  });

  it('records a card payment: the order paid and the member extended in one step; the same payment again changes nothing', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder());
      const first = await orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      expect(first.result).toBe('applied');
      expect(first.moved).toEqual([{ memberId: 'mem-ann', renewalDate: '2028-03-31' }]);
      const paid = { ...anOrder(), status: 'paid', paymentId: 'pay-1', paidAt: NOW, appliedAt: NOW };
      expect(first.order).toEqual(paid);
      expect(await orders.get('ord-1')).toEqual(paid);
      expect(await members.get('mem-ann')).toEqual({ ...ann, renewalDate: '2028-03-31', updatedAt: NOW });

      const again = await orders.recordPayment(card('ord-1', 'pay-1'), LATER);
      expect(again).toEqual({ result: 'already-applied', order: paid, moved: [] });
      expect(await orders.get('ord-1')).toEqual(paid);
      expect(await members.get('mem-ann')).toEqual({ ...ann, renewalDate: '2028-03-31', updatedAt: NOW });
    });
  });

  it('a second payment of a paid order buys nothing (to refund) and writes nothing; so does a payment of a cancelled order', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder());
      await orders.create(anOrder({ id: 'ord-c', status: 'cancelled' }));
      await orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      const stored = await orders.get('ord-1');
      const other = await orders.recordPayment(card('ord-1', 'pay-2'), LATER);
      expect(other.result).toBe('refund');
      expect(await orders.get('ord-1')).toEqual(stored);
      expect((await orders.recordPayment(card('ord-c', 'pay-3'), LATER)).result).toBe('refund');
      expect(await orders.get('ord-c')).toEqual(anOrder({ id: 'ord-c', status: 'cancelled' }));
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2028-03-31']);
    });
  });

  it('a payment that buys nothing beyond the member’s date marks the order paid, not applied, and never moves the date back', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create({ ...ann, renewalDate: '2029-03-31' });
      await orders.create(anOrder());
      const outcome = await orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      expect(outcome.result).toBe('refund');
      expect(outcome.moved).toEqual([]);
      expect(await orders.get('ord-1')).toEqual({ ...anOrder(), status: 'paid', paymentId: 'pay-1', paidAt: NOW, appliedAt: null });
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2029-03-31']);
      expect((await orders.recordPayment(card('ord-1', 'pay-1'), LATER)).result).toBe('already-applied');
    });
  });

  it('a household order moves every member of the household it covers in the same write, each never backwards', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await members.create({ ...bob, renewalDate: '2030-03-31', membershipType: 'Junior' });
      await members.create(cat);
      await orders.create(anOrder({ householdMemberIds: ['mem-bob', 'mem-cat', 'mem-gone'] }));
      const outcome = await orders.recordPayment({ ...card('ord-1', 'pay-1'), membershipType: 'Household' }, NOW);
      expect(outcome.result).toBe('applied');
      expect(outcome.moved).toEqual([
        { memberId: 'mem-ann', renewalDate: '2028-03-31' },
        { memberId: 'mem-cat', renewalDate: '2028-03-31' },
      ]);
      expect(await renewalDates(members, 'mem-ann', 'mem-bob', 'mem-cat')).toEqual(['2028-03-31', '2030-03-31', '2028-03-31']);
      // The members it moved hold the order's category; Bob, not moved, keeps his.
      const held = await Promise.all(['mem-ann', 'mem-bob', 'mem-cat'].map(async (id) => (await members.get(id))?.membershipType));
      expect(held).toEqual(['Household', 'Junior', 'Household']);
    });
  });

  it('an admin’s cash confirmation is the same step, audited with it; confirming twice records it once', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder());
      const payment: OrderPayment = { orderId: 'ord-1', paymentId: offlinePaymentId('ord-1'), method: 'cash', confirmedBy: TREASURER, auditId: 'audit-1' };
      const outcome = await orders.recordPayment(payment, NOW);
      expect(outcome.order).toMatchObject({ status: 'paid', method: 'cash', confirmedBy: 'uid-treasurer', paymentId: 'offline-ord-1' });
      const entries = await audit.list({ limit: 10 });
      expect(entries).toEqual([
        expect.objectContaining({
          id: 'audit-1',
          action: 'membership.paid-offline',
          recordType: 'member',
          recordId: 'mem-ann',
          changes: [{ field: 'renewalDate', before: '2027-03-31', after: '2028-03-31' }],
        }),
      ]);
      expect((await orders.recordPayment({ ...payment, auditId: 'audit-2' }, LATER)).result).toBe('already-applied');
      expect(await audit.list({ limit: 10 })).toHaveLength(1);
    });
  });

  it('refuses an unknown order, a joining order paid in cash, and an audit id taken, writing nothing', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder());
      await orders.create(anOrder({ id: 'ord-j', kind: 'joining', memberId: null, applicationId: 'app-1' }));
      await audit.append([
        { id: 'audit-1', at: NOW, actor: { kind: 'system' }, action: 'x', recordType: 'member', recordId: 'mem-ann', summary: '', changes: [] },
      ]);
      expect(await rejectionOf(orders.recordPayment(card('ord-none', 'pay-1'), NOW))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(orders.recordPayment(card('a/b', 'pay-1'), NOW))).toBeInstanceOf(NotFoundError);
      const joiningCash: OrderPayment = { orderId: 'ord-j', paymentId: offlinePaymentId('ord-j'), method: 'cash', confirmedBy: TREASURER, auditId: 'audit-2' };
      expect(await rejectionOf(orders.recordPayment(joiningCash, NOW))).toBeInstanceOf(ValidationError);
      const cash: OrderPayment = { orderId: 'ord-1', paymentId: offlinePaymentId('ord-1'), method: 'cash', confirmedBy: TREASURER, auditId: 'audit-1' };
      expect(await rejectionOf(orders.recordPayment(cash, NOW))).toBeInstanceOf(ConflictError);
      expect(await orders.get('ord-1')).toEqual(anOrder());
      expect(await orders.get('ord-j')).toEqual(anOrder({ id: 'ord-j', kind: 'joining', memberId: null, applicationId: 'app-1' }));
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2027-03-31']);
    });
  });

  it('a joining order paid by card is marked paid, moving no member; the same payment again changes nothing, another is to refund', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      const joining = anOrder({ id: 'ord-j', kind: 'joining', memberId: null, applicationId: 'app-1' });
      await orders.create(joining);
      const paid = { ...joining, status: 'paid', paymentId: 'pay-j', paidAt: NOW, appliedAt: NOW };
      expect(await orders.recordPayment(card('ord-j', 'pay-j'), NOW)).toEqual({ result: 'applied', order: paid, moved: [] });
      expect(await orders.recordPayment(card('ord-j', 'pay-j'), LATER)).toEqual({ result: 'already-applied', order: paid, moved: [] });
      expect((await orders.recordPayment(card('ord-j', 'pay-other'), LATER)).result).toBe('refund');
      expect(await orders.get('ord-j')).toEqual(paid);
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2027-03-31']);
    });
  });

  it('cancels an open order once: a payment recorded after it buys nothing; a paid order is not cancelled; an unknown one is NotFoundError', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder());
      await orders.create(anOrder({ id: 'ord-2' }));
      expect(await orders.cancel('ord-1')).toBe(true);
      expect(await orders.get('ord-1')).toEqual(anOrder({ status: 'cancelled' }));
      expect(await orders.cancel('ord-1')).toBe(false);
      expect((await orders.recordPayment(card('ord-1', 'pay-1'), NOW)).result).toBe('refund');
      expect(await orders.get('ord-1')).toEqual(anOrder({ status: 'cancelled' }));
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2027-03-31']);
      await orders.recordPayment(card('ord-2', 'pay-2'), NOW);
      expect(await orders.cancel('ord-2')).toBe(false);
      expect((await orders.get('ord-2'))?.status).toBe('paid');
      expect(await rejectionOf(orders.cancel('ord-none'))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(orders.cancel('a/b'))).toBeInstanceOf(NotFoundError);
    });
  });

  it('an admin’s cancel writes its audit entry in the same step: none when not cancelled, neither when the audit id is taken', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder({ method: 'cash' }));
      await orders.create(anOrder({ id: 'ord-2', method: 'transfer' }));
      const line = (id: string, recordId = 'mem-ann'): AuditEntry => ({
        id,
        at: NOW,
        actor: { kind: 'admin', ...TREASURER },
        action: 'membership.order-cancelled',
        recordType: 'member',
        recordId,
        summary: `Membership order cancelled: not paid (${id})`,
        changes: [],
      });
      expect(await orders.cancel('ord-1', [line('aud-1')])).toBe(true);
      expect(await audit.list({ recordId: 'mem-ann', limit: 10 })).toEqual([line('aud-1')]);
      // Not open any more: no second entry.
      expect(await orders.cancel('ord-1', [line('aud-2')])).toBe(false);
      expect((await audit.list({ recordId: 'mem-ann', limit: 10 })).map((e) => e.id)).toEqual(['aud-1']);
      // An audit id taken: the order stays open, and nothing is logged.
      expect(await rejectionOf(orders.cancel('ord-2', [line('aud-1', 'other')]))).toBeInstanceOf(ConflictError);
      expect((await orders.get('ord-2'))?.status).toBe('open');
      expect(await audit.list({ recordId: 'other', limit: 10 })).toEqual([]);
    });
  });

  it('RACE: a cancel and a payment at once: exactly one wins, and a payment that lost is to refund', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder());
      const [cancelled, paid] = await Promise.all([orders.cancel('ord-1'), orders.recordPayment(card('ord-1', 'pay-1'), NOW)]);
      expect(cancelled).toBe(paid.result === 'refund');
      expect((await orders.get('ord-1'))?.status).toBe(cancelled ? 'cancelled' : 'paid');
      expect(await renewalDates(members, 'mem-ann')).toEqual([cancelled ? '2027-03-31' : '2028-03-31']);
    });
  });

  it('lists the paid orders, refunded ones too, oldest payment first; open and cancelled ones are not listed', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      expect(await orders.listPaid()).toEqual([]);
      await orders.create(anOrder({ id: 'ord-open' }));
      await orders.create(anOrder({ id: 'ord-gone', status: 'cancelled' }));
      await orders.create(anOrder({ id: 'ord-late', paysUntil: '2029-03-31' }));
      await orders.create(anOrder({ id: 'ord-early' }));
      await orders.recordPayment(card('ord-late', 'pay-late'), LATER);
      await orders.recordPayment(card('ord-early', 'pay-early'), NOW);
      await orders.recordRefund(refundOf('ord-late', 'audit-r'), LATER);
      const paid = await orders.listPaid();
      expect(paid.map((o) => [o.id, o.status])).toEqual([
        ['ord-early', 'paid'],
        ['ord-late', 'refunded'],
      ]);
      expect(paid[0]).toEqual(await orders.get('ord-early'));
    });
  });

  it('records a refund of a paid order with its audit entry in one step; the renewal date stays; again changes nothing', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder({ method: 'cash' }));
      const paid = (
        await orders.recordPayment({ orderId: 'ord-1', paymentId: offlinePaymentId('ord-1'), method: 'cash', confirmedBy: TREASURER, auditId: 'audit-p' }, NOW)
      ).order;
      const outcome = await orders.recordRefund(refundOf('ord-1', 'audit-r', offlineRefundId('ord-1')), LATER);
      const refunded = { ...paid, status: 'refunded', refundedAt: LATER, refundId: 'offline-refund-ord-1', refundedBy: 'uid-treasurer' };
      expect(outcome).toEqual({ result: 'refunded', order: refunded });
      expect(await orders.get('ord-1')).toEqual(refunded);
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2028-03-31']);
      expect((await audit.list({ limit: 10 })).find((e) => e.id === 'audit-r')).toMatchObject({
        action: 'membership.refunded',
        recordType: 'member',
        recordId: 'mem-ann',
        actor: { kind: 'admin', uid: 'uid-treasurer', email: 'treasurer@example.org' },
        changes: [{ field: 'status', before: 'paid', after: 'refunded' }],
      });
      expect(await orders.recordRefund(refundOf('ord-1', 'audit-r2'), '2027-03-02T10:00:00.000Z')).toEqual({ result: 'already-refunded', order: refunded });
      expect(await audit.list({ limit: 10 })).toHaveLength(2);
    });
  });

  it('refuses to refund an unknown order, one not paid, or with an audit id taken, writing nothing', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder());
      await orders.create(anOrder({ id: 'ord-paid' }));
      await orders.recordPayment(card('ord-paid', 'pay-1'), NOW);
      const paid = await orders.get('ord-paid');
      await audit.append([
        { id: 'audit-1', at: NOW, actor: { kind: 'system' }, action: 'x', recordType: 'member', recordId: 'mem-ann', summary: '', changes: [] },
      ]);
      expect(await rejectionOf(orders.recordRefund(refundOf('ord-none', 'audit-2'), NOW))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(orders.recordRefund(refundOf('a/b', 'audit-2'), NOW))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(orders.recordRefund(refundOf('ord-1', 'audit-2'), NOW))).toBeInstanceOf(ValidationError);
      expect(await rejectionOf(orders.recordRefund(refundOf('ord-paid', 'audit-1'), NOW))).toBeInstanceOf(ConflictError);
      expect(await orders.get('ord-1')).toEqual(anOrder());
      expect(await orders.get('ord-paid')).toEqual(paid);
      expect(await audit.list({ limit: 10 })).toHaveLength(1);
    });
  });

  it('RACE: the same order refunded by 5 callers at once is refunded once, with one audit entry', async () => {
    await withStore(open, async ({ membershipOrders: orders, members, audit }) => {
      await members.create(ann);
      await orders.create(anOrder());
      await orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => orders.recordRefund(refundOf('ord-1', `audit-${i}`), LATER)));
      expect(outcomes.map((o) => o.result).sort()).toEqual(['already-refunded', 'already-refunded', 'already-refunded', 'already-refunded', 'refunded']);
      expect((await audit.list({ limit: 10 })).filter((e) => e.action === 'membership.refunded')).toHaveLength(1);
      expect(await orders.get('ord-1')).toMatchObject({ status: 'refunded' });
    });
  });

  it('RACE: the same payment recorded by 6 callers at once (webhooks and returns) extends once and ends with one paid order', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder());
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => orders.recordPayment(card('ord-1', 'pay-1'), `2027-03-01T10:00:0${i}.000Z`)));
      expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o.result === 'already-applied')).toHaveLength(5);
      const winner = outcomes.find((o) => o.result === 'applied')!;
      expect(await orders.get('ord-1')).toEqual(winner.order);
      expect(await members.get('mem-ann')).toEqual({ ...ann, renewalDate: '2028-03-31', updatedAt: winner.order.paidAt });
    });
  });

  it('RACE: two orders of one member paid at once both end paid and the later date wins, whichever commits first', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      await members.create(ann);
      await orders.create(anOrder({ id: 'ord-a', paysUntil: '2029-03-31' }));
      await orders.create(anOrder({ id: 'ord-b', paysUntil: '2028-03-31' }));
      const [a, b] = await Promise.all([orders.recordPayment(card('ord-a', 'pay-a'), NOW), orders.recordPayment(card('ord-b', 'pay-b'), NOW)]);
      expect(a.result).toBe('applied');
      expect(['applied', 'refund']).toContain(b.result);
      expect((await orders.get('ord-a'))?.status).toBe('paid');
      expect((await orders.get('ord-b'))?.status).toBe('paid');
      expect(await renewalDates(members, 'mem-ann')).toEqual(['2029-03-31']);
    });
  });

  it('RACE: a household order and a member’s own order paid at once: every member of the household moves, none backwards', async () => {
    await withStore(open, async ({ membershipOrders: orders, members }) => {
      for (const member of [ann, bob, cat]) await members.create(member);
      await orders.create(anOrder({ id: 'ord-h', householdMemberIds: ['mem-bob', 'mem-cat'] }));
      await orders.create(anOrder({ id: 'ord-bob', memberId: 'mem-bob', paysUntil: '2029-03-31' }));
      await Promise.all([
        orders.recordPayment(card('ord-h', 'pay-h'), NOW),
        orders.recordPayment(card('ord-h', 'pay-h'), NOW),
        orders.recordPayment(card('ord-bob', 'pay-bob'), NOW),
      ]);
      expect(await renewalDates(members, 'mem-ann', 'mem-bob', 'mem-cat')).toEqual(['2028-03-31', '2029-03-31', '2028-03-31']);
    });
  });
});

/** Two servers' stores on one storage: each its own connection (client), as two processes have. */
type TwoServers = (
  body: (one: { orders: MembershipOrderRepository; members: MemberRepository }, two: { orders: MembershipOrderRepository }) => Promise<void>,
) => Promise<void>;
const TWO_SERVERS: [string, TwoServers][] = [
  [
    'SQLite',
    (body) =>
      withTempSqlite(async (sqlite) => {
        const [db, other] = [await sqlite.open(), await sqlite.open()];
        await body(
          { orders: new SqliteMembershipOrderRepository(db), members: new SqliteMemberRepository(db) },
          { orders: new SqliteMembershipOrderRepository(other) },
        );
      }, 'kyc-orders-two-'),
  ],
  [
    'Firestore emulator',
    (body) =>
      onTwoClients(firestore, (db, second) =>
        body(
          { orders: new FirestoreMembershipOrderRepository(db), members: new FirestoreMemberRepository(db) },
          { orders: new FirestoreMembershipOrderRepository(second) },
        ),
      ),
  ],
];

describe.each(TWO_SERVERS)('MembershipOrderRepository across two servers (%s)', (_name, onTwo) => {
  it('RACE: the webhook on one server and the member’s return on another extend once; a household moves whole', async () => {
    await onTwo(async (one, two) => {
      for (const member of [ann, bob, cat]) await one.members.create(member);
      await one.orders.create(anOrder({ householdMemberIds: ['mem-bob', 'mem-cat'] }));
      const outcomes = await Promise.all([
        one.orders.recordPayment(card('ord-1', 'pay-1'), NOW),
        two.orders.recordPayment(card('ord-1', 'pay-1'), NOW),
        one.orders.recordPayment(card('ord-1', 'pay-1'), NOW),
        two.orders.recordPayment(card('ord-1', 'pay-1'), NOW),
      ]);
      expect(outcomes.map((o) => o.result).sort()).toEqual(['already-applied', 'already-applied', 'already-applied', 'applied']);
      expect(await renewalDates(one.members, 'mem-ann', 'mem-bob', 'mem-cat')).toEqual(['2028-03-31', '2028-03-31', '2028-03-31']);
      expect(await one.orders.get('ord-1')).toMatchObject({ status: 'paid', paymentId: 'pay-1' });
    });
  });

  it('RACE: a cancel on one server and the payment on another: exactly one wins', async () => {
    await onTwo(async (one, two) => {
      await one.members.create(ann);
      await one.orders.create(anOrder());
      const [cancelled, paid] = await Promise.all([two.orders.cancel('ord-1'), one.orders.recordPayment(card('ord-1', 'pay-1'), NOW)]);
      expect(cancelled).toBe(paid.result === 'refund');
      expect((await one.orders.get('ord-1'))?.status).toBe(cancelled ? 'cancelled' : 'paid');
    });
  });

  it('RACE: one order refunded on two servers at once is refunded once, with one audit entry', async () => {
    await onTwo(async (one, two) => {
      await one.members.create(ann);
      await one.orders.create(anOrder());
      await one.orders.recordPayment(card('ord-1', 'pay-1'), NOW);
      const outcomes = await Promise.all([
        one.orders.recordRefund(refundOf('ord-1', 'audit-a'), LATER),
        two.orders.recordRefund(refundOf('ord-1', 'audit-b'), LATER),
        one.orders.recordRefund(refundOf('ord-1', 'audit-c'), LATER),
        two.orders.recordRefund(refundOf('ord-1', 'audit-d'), LATER),
      ]);
      expect(outcomes.map((o) => o.result).sort()).toEqual(['already-refunded', 'already-refunded', 'already-refunded', 'refunded']);
      expect(await one.orders.get('ord-1')).toMatchObject({ status: 'refunded' });
    });
  });

  it('RACE: two orders of one member paid on two servers at once both end paid, and the later date wins', async () => {
    await onTwo(async (one, two) => {
      await one.members.create(ann);
      await one.orders.create(anOrder({ id: 'ord-a', paysUntil: '2028-03-31' }));
      await one.orders.create(anOrder({ id: 'ord-b', paysUntil: '2029-03-31' }));
      await Promise.all([one.orders.recordPayment(card('ord-a', 'pay-a'), NOW), two.orders.recordPayment(card('ord-b', 'pay-b'), NOW)]);
      expect(await renewalDates(one.members, 'mem-ann')).toEqual(['2029-03-31']);
      expect((await one.orders.get('ord-a'))?.status).toBe('paid');
      expect((await one.orders.get('ord-b'))?.status).toBe('paid');
    });
  });
});
