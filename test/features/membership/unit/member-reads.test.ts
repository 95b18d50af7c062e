import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { applicationState } from '../../../../core/membership/membership-application';
import type { MembershipOrderRepository } from '../../../../core/membership/membership-order-repository.port';
import { MembershipOrders } from '../../../../core/membership/membership-orders';
import type { MembershipOrder } from '../../../../core/membership/membership-order';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { JoinClub, type JoinClubDeps } from '../../../../core/operations/join-club';
import { aMember, anAdmin, anApplication } from '../../../support/entities';
import { memoryStorage } from '../../../support/stores';

// The admin's lists that name a member on each line read the members together
// (docs/members.md#reads): as many reads of the member list for 40 lines as for 1.

const NOW = '2027-03-01T10:00:00.000Z';
const admin = anAdmin({ permissions: ['members:write'] });

/** The member list, counting every read of it. */
function counted(members: MemberRepository): { members: MemberRepository; reads: () => number } {
  let reads = 0;
  const reading = new Set<keyof MemberRepository>(['get', 'getByEmail', 'getMany', 'getManyByEmail', 'list']);
  const proxy = new Proxy(members, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (reading.has(key as keyof MemberRepository)) reads += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { members: proxy, reads: () => reads };
}

/** The order store, counting the calls of each of its methods. */
function countedOrders(orders: MembershipOrderRepository): { orders: MembershipOrderRepository; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(orders, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(key), (calls.get(String(key)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { orders: proxy, calls };
}

const anOfflineOrder = (i: number): MembershipOrder => ({
  id: `ord-${i}`,
  kind: 'renewal',
  memberId: i % 5 === 0 ? 'mem-gone' : `mem-${i}`,
  applicationId: null,
  categoryId: 'adult',
  householdMemberIds: [],
  amount: 9000,
  currency: 'GBP',
  paysUntil: '2028-03-31',
  method: i % 2 === 0 ? 'cash' : 'transfer',
  status: 'open',
  paymentId: null,
  paidAt: null,
  appliedAt: null,
  confirmedBy: null,
  createdAt: `2027-02-01T10:${String(i).padStart(2, '0')}:00.000Z`,
});

async function openOfflineList(count: number) {
  const store = memoryStorage();
  for (let i = 1; i <= count; i++) {
    if (i % 5 !== 0) await store.members.create(aMember({ id: `mem-${i}`, name: `Member ${i}`, email: `m${i}@club.example` }));
    await store.membershipOrders.create(anOfflineOrder(i));
  }
  const { members, reads } = counted(store.members);
  const orders = new MembershipOrders({
    orders: store.membershipOrders,
    payments: { refund: async () => ({ status: 'REFUNDED' as const, refundId: 'r' }) },
    members,
    households: store.households,
    categories: store.membership,
    clock: new FixedClock(NOW),
    ids: new SequentialIdGenerator('x'),
  });
  return { list: await orders.listOpenOffline(admin), reads: reads() };
}

async function applicationsList(count: number) {
  const store = memoryStorage();
  for (let i = 1; i <= count; i++) {
    // Every third applicant's partner is a member already; every fourth application was admitted.
    await store.membershipApplications.create(
      anApplication({
        id: `app-${i}`,
        email: `applicant${i}@example.org`,
        orderId: null,
        people: [{ firstName: 'Pat', lastName: `Partner ${i}`, email: `PARTNER${i}@example.org` }],
        status: i % 4 === 0 ? 'admitted' : 'submitted',
        createdAt: `2027-02-01T10:${String(i).padStart(2, '0')}:00.000Z`,
      }),
    );
    if (i % 3 === 0) await store.members.create(aMember({ id: `mem-${i}`, name: `Partner ${i}`, email: `partner${i}@example.org` }));
  }
  const { members, reads } = counted(store.members);
  const join = new JoinClub({
    applications: store.membershipApplications,
    orderStore: store.membershipOrders,
    members,
    clock: new FixedClock(NOW),
  } as Partial<JoinClubDeps> as JoinClubDeps);
  return { list: await join.list(admin), reads: reads() };
}

/** The statuses of the order of application i (by i % 6): none stored, open, paid, cancelled, refunded, or no order at all. */
const ORDER_CASES = ['missing', 'open', 'paid', 'cancelled', 'refunded', 'none'] as const;

async function applicationsWithOrders(count: number) {
  const store = memoryStorage();
  for (let i = 1; i <= count; i++) {
    const orderCase = ORDER_CASES[i % ORDER_CASES.length]!;
    const orderId = orderCase === 'none' ? null : `order-app-${i}`;
    // Every seventh application was admitted, every eleventh declined: their states come from the application.
    const status = i % 7 === 0 ? 'admitted' : i % 11 === 0 ? 'declined' : 'submitted';
    await store.membershipApplications.create(
      anApplication({ id: `app-${i}`, email: `applicant${i}@example.org`, orderId, status, createdAt: `2027-02-01T10:${String(i).padStart(2, '0')}:00.000Z` }),
    );
    if (orderCase === 'none' || orderCase === 'missing') continue;
    const paid = orderCase === 'paid' || orderCase === 'refunded';
    await store.membershipOrders.create({
      ...anOfflineOrder(i),
      id: `order-app-${i}`,
      kind: 'joining',
      memberId: null,
      applicationId: `app-${i}`,
      method: 'card',
      status: orderCase,
      paymentId: paid ? `pay-${i}` : null,
      paidAt: paid ? NOW : null,
      appliedAt: paid ? NOW : null,
      ...(orderCase === 'refunded' ? { refundedAt: NOW, refundId: `re-${i}`, refundedBy: 'uid-treasurer' } : {}),
    });
  }
  // The states as each application's own order gives them (applicationState), read one by one.
  const expected = new Map<string, string>();
  for (const application of await store.membershipApplications.list()) {
    const order = application.orderId ? await store.membershipOrders.get(application.orderId) : null;
    expected.set(application.id, applicationState(application, order));
  }
  const { orders, calls } = countedOrders(store.membershipOrders);
  const join = new JoinClub({
    applications: store.membershipApplications,
    orderStore: orders,
    members: store.members,
    clock: new FixedClock(NOW),
  } as Partial<JoinClubDeps> as JoinClubDeps);
  const list = await join.list(admin);
  return { list, calls, expected };
}

describe('the order reads of the applications list', () => {
  it.each([1, 40])('reads the orders of %i applications with one getMany, never get; each state as its own order gives it', async (count) => {
    const { list, calls, expected } = await applicationsWithOrders(count);
    expect(Object.fromEntries(calls)).toEqual({ getMany: 1 });
    expect(list.applications).toHaveLength(count);
    expect(new Map(list.applications.map((application) => [application.id, application.state]))).toEqual(expected);
  });

  it('lists each state: paid for an open application whose order is paid, else the application’s own', async () => {
    const { list } = await applicationsWithOrders(40);
    const state = (id: string) => list.applications.find((application) => application.id === id)?.state;
    expect(state('app-2')).toBe('paid');
    expect(state('app-1')).toBe('submitted');
    expect(state('app-3')).toBe('submitted');
    expect(state('app-4')).toBe('submitted');
    expect(state('app-5')).toBe('submitted');
    expect(state('app-6')).toBe('submitted');
    expect(state('app-14')).toBe('admitted');
    expect(state('app-22')).toBe('declined');
    expect(new Set(list.applications.map((application) => application.state))).toEqual(new Set(['submitted', 'paid', 'admitted', 'declined']));
  });
});

describe('the member reads of the admin lists', () => {
  it('the open cash and transfer orders: one read of the member list, however many orders; each named, a member gone named null', async () => {
    const one = await openOfflineList(1);
    const many = await openOfflineList(40);
    expect(many.list.orders).toHaveLength(40);
    expect(many.list.orders.find((order) => order.id === 'ord-7')?.memberName).toBe('Member 7');
    expect(many.list.orders.find((order) => order.id === 'ord-10')?.memberName).toBeNull();
    expect(one.reads).toBeLessThanOrEqual(1);
    expect(many.reads).toBe(one.reads);
  });

  it('the applications to join: one read of the member list, however many applications; a partner who is a member is found', async () => {
    const one = await applicationsList(1);
    const many = await applicationsList(40);
    expect(many.list.applications).toHaveLength(40);
    const view = (id: string) => many.list.applications.find((application) => application.id === id);
    expect(view('app-3')?.matchesMember).toEqual({ id: 'mem-3', name: 'Partner 3' });
    expect(view('app-5')?.matchesMember).toBeNull();
    // Admitted: its members are the club's now, no match is looked for.
    expect(view('app-12')?.matchesMember).toBeNull();
    expect(one.reads).toBeLessThanOrEqual(1);
    expect(many.reads).toBe(one.reads);
  });
});
