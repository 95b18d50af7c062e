import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
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
