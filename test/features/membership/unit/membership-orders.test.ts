import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryHouseholdRepository } from '../../../../adapters/memory/memory-household-repository';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryMembershipOrderRepository } from '../../../../adapters/memory/memory-membership-order-repository';
import { MemoryMembershipRepository } from '../../../../adapters/memory/memory-membership-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { LIFE_RENEWAL_DATE, type MembershipCategory } from '../../../../core/membership/membership-category';
import {
  decideOrderPayment,
  isLeftOpen,
  OPEN_ORDER_DAYS,
  ORDER_MESSAGES,
  type MembershipOrder,
  type OrderPayment,
} from '../../../../core/membership/membership-order';
import { MembershipOrders, quoteRenewal, renewalQuoteRefusal, type RenewalQuoteInput } from '../../../../core/membership/membership-orders';
import { applyRenewal } from '../../../../core/membership/membership-renewal';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import type { Member } from '../../../../core/members/member';
import { NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { aMember, anAdmin, builder } from '../../../support/entities';
import { dateArb } from './membership-arbitraries';

const aCategory = builder<MembershipCategory>({
  id: 'adult',
  name: 'Adult',
  description: '',
  seasonPrice: 9000,
  coversHousehold: false,
  dutiesPerSeason: 2,
  onlinePurchase: true,
  life: false,
  withdrawn: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const family = aCategory({ id: 'family', name: 'Family', seasonPrice: 15000, coversHousehold: true });
const settings = DEFAULT_MEMBERSHIP_SETTINGS;
const NOW = '2027-03-01T10:00:00.000Z';
const card = (orderId: string, paymentId: string): OrderPayment => ({ orderId, paymentId, method: 'card', confirmedBy: null, auditId: null });

const input = (overrides: Partial<RenewalQuoteInput> = {}): RenewalQuoteInput => ({
  member: aMember({ renewalDate: '2027-03-31' }),
  category: aCategory(),
  settings,
  householdMemberIds: [],
  currency: 'GBP',
  today: '2027-03-01',
  ...overrides,
});

describe('quoting a renewal', () => {
  it('fixes the renewing price and the date it pays until: a year on from the current end when early', () => {
    const order = quoteRenewal(input(), 'ord-1', NOW);
    expect(order).toMatchObject({
      id: 'ord-1',
      kind: 'renewal',
      memberId: 'mem-ann',
      categoryId: 'adult',
      amount: 9000,
      currency: 'GBP',
      paysUntil: '2028-03-31',
      status: 'open',
      method: 'card',
    });
    expect(quoteRenewal(input({ member: aMember({ renewalDate: '2025-03-31' }) }), 'ord-2', NOW).paysUntil).toBe('2027-03-31');
  });

  it('a household category is one price and covers the other members of the household; a category per person covers none', () => {
    const order = quoteRenewal(input({ category: family, householdMemberIds: ['mem-ann', 'mem-bob', 'mem-bob'] }), 'ord-1', NOW);
    expect(order.amount).toBe(15000);
    expect(order.householdMemberIds).toEqual(['mem-bob']);
    expect(quoteRenewal(input({ householdMemberIds: ['mem-bob'] }), 'ord-2', NOW).householdMemberIds).toEqual([]);
  });

  it('is refused, with the member’s message, when renewal is not open, the category is not sold online, is withdrawn or for life, or the member is disabled', () => {
    expect(renewalQuoteRefusal(input({ today: '2026-12-01' }))).toBe('Renewal is not open yet: you can renew from Wed 3 February 2027.');
    expect(renewalQuoteRefusal(input({ category: aCategory({ onlinePurchase: false }) }))).toBe(ORDER_MESSAGES.notSoldOnline);
    expect(renewalQuoteRefusal(input({ category: aCategory({ withdrawn: true }) }))).toBe(ORDER_MESSAGES.notSoldOnline);
    expect(renewalQuoteRefusal(input({ category: aCategory({ life: true }) }))).toBe(ORDER_MESSAGES.lifeNotRenewed);
    expect(renewalQuoteRefusal(input({ member: aMember({ renewalDate: LIFE_RENEWAL_DATE }) }))).toBe(ORDER_MESSAGES.lifeNotRenewed);
    expect(renewalQuoteRefusal(input({ member: aMember({ disabled: true }) }))).toBe(ORDER_MESSAGES.disabled);
    expect(() => quoteRenewal(input({ today: '2026-12-01' }), 'ord-1', NOW)).toThrow(ValidationError);
    expect(renewalQuoteRefusal(input({ today: '2027-05-01' }))).toBeNull();
  });
});

const anOrder = (overrides: Partial<MembershipOrder> = {}): MembershipOrder => ({ ...quoteRenewal(input(), 'ord-1', NOW), ...overrides });

describe('deciding a payment on an order', () => {
  it('a card payment may not carry an admin, cash may not come without one', () => {
    expect(() => decideOrderPayment(anOrder(), { ...card('ord-1', 'p'), method: 'cash' }, [], NOW)).toThrow(ValidationError);
    expect(() => decideOrderPayment(anOrder(), { ...card('ord-1', 'p'), confirmedBy: { uid: 'u', email: 'e@x.org' } }, [], NOW)).toThrow(ValidationError);
  });

  it("the members a payment extends hold the order's category; one it does not extend keeps theirs", () => {
    const order = anOrder({ householdMemberIds: ['mem-bob'], paysUntil: '2027-03-31' });
    const ann = aMember({ id: 'mem-ann', membershipType: 'Adult', renewalDate: '2026-03-31' });
    const bob = aMember({ id: 'mem-bob', membershipType: 'Junior', renewalDate: '2027-03-31' });
    const decided = decideOrderPayment(order, { ...card(order.id, 'pay-1'), membershipType: 'Family' }, [ann, bob], NOW);
    expect(decided.members.map((m) => [m.id, m.membershipType])).toEqual([['mem-ann', 'Family']]);
    expect(decideOrderPayment(order, card(order.id, 'pay-1'), [ann, bob], NOW).members.map((m) => m.membershipType)).toEqual(['Adult']);
  });

  it('PROPERTY: any interleaving of repeated recordings of a set of orders’ payments ends at the dates of applying each once, in any order', () => {
    const orderArb = fc.record({ paysUntil: dateArb, household: fc.subarray(['mem-bob', 'mem-cat']) });
    fc.assert(
      fc.property(
        fc.uniqueArray(orderArb, { minLength: 1, maxLength: 4, selector: (o) => o.paysUntil }),
        fc.record({ ann: dateArb, bob: dateArb, cat: dateArb }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        (specs, dates, picks) => {
          const orders = new Map(
            specs.map((spec, i) => [`ord-${i}`, anOrder({ id: `ord-${i}`, paysUntil: spec.paysUntil, householdMemberIds: spec.household })]),
          );
          let members: Member[] = [
            aMember({ id: 'mem-ann', renewalDate: dates.ann }),
            aMember({ id: 'mem-bob', renewalDate: dates.bob }),
            aMember({ id: 'mem-cat', renewalDate: dates.cat }),
          ];
          // Every order paid at least once, plus the repeats the picks ask for, in their order.
          const sequence = [...picks.map((n) => n % specs.length), ...specs.map((_, i) => i)];
          for (const i of sequence) {
            const decided = decideOrderPayment(orders.get(`ord-${i}`)!, card(`ord-${i}`, `pay-${i}`), members, NOW);
            if (decided.writeOrder) orders.set(`ord-${i}`, decided.outcome.order);
            // Never backwards.
            for (const m of decided.members) expect(m.renewalDate > members.find((x) => x.id === m.id)!.renewalDate).toBe(true);
            const written = new Map(decided.members.map((m) => [m.id, m]));
            members = members.map((m) => written.get(m.id) ?? m);
          }
          const once = (id: string, start: string) =>
            specs.filter((s) => id === 'mem-ann' || s.household.includes(id)).reduce((date, s) => applyRenewal(date, s).renewalDate, start);
          expect(members.map((m) => m.renewalDate)).toEqual([once('mem-ann', dates.ann), once('mem-bob', dates.bob), once('mem-cat', dates.cat)]);
          expect([...orders.values()].every((o) => o.status === 'paid')).toBe(true);
          for (const order of orders.values()) expect(order.paymentId).toBe(`pay-${order.id.slice(4)}`);
        },
      ),
    );
  });
});

function useCase(members: Member[]) {
  const memberStore = new MemoryMemberRepository();
  const audit = new MemoryAuditLog();
  const orders = new MemoryMembershipOrderRepository({ members: memberStore, audit });
  const households = new MemoryHouseholdRepository();
  const clock = new FixedClock(NOW);
  const categories = new MemoryMembershipRepository();
  const payments = { refund: async () => ({ status: 'REFUNDED' as const, refundId: 'refund-1' }) };
  const use = new MembershipOrders({ orders, members: memberStore, households, categories, clock, payments, ids: new SequentialIdGenerator('ord') });
  const ready = Promise.all([...members.map((m) => memberStore.create(m)), categories.createCategory(aCategory()), categories.createCategory(family)]);
  return { use, orders, memberStore, households, audit, ready };
}

describe('MembershipOrders', () => {
  const ann = aMember({ id: 'mem-ann', email: 'ann@club.example', renewalDate: '2027-03-31' });
  const bob = aMember({ id: 'mem-bob', email: 'bob@club.example', renewalDate: '2027-03-31' });

  it('quotes and stores a renewal; the card payment recorded twice extends once', async () => {
    const { use, orders, memberStore, ready } = useCase([ann]);
    await ready;
    const order = await use.quoteRenewal('mem-ann', { category: aCategory(), settings, currency: 'GBP' });
    expect(await orders.get(order.id)).toEqual(order);
    expect((await use.recordCardPayment(order.id, 'pay-1')).result).toBe('applied');
    expect((await use.recordCardPayment(order.id, 'pay-1')).result).toBe('already-applied');
    expect((await memberStore.get('mem-ann'))?.renewalDate).toBe('2028-03-31');
    expect(await Promise.resolve(use.quoteRenewal('mem-none', { category: aCategory(), settings, currency: 'GBP' })).catch((e: unknown) => e)).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('a household category is bought by the household’s contact for every member; another member is refused', async () => {
    const { use, households, memberStore, ready } = useCase([ann, bob]);
    await ready;
    await households.join({ householdId: 'hh-1', memberId: 'mem-ann', at: NOW }, 6);
    await households.join({ householdId: 'hh-1', memberId: 'mem-bob', at: NOW }, 6);
    const refused = await use.quoteRenewal('mem-bob', { category: family, settings, currency: 'GBP' }).catch((e: unknown) => e);
    expect(refused).toEqual(new ValidationError(ORDER_MESSAGES.notContact));
    const order = await use.quoteRenewal('mem-ann', { category: family, settings, currency: 'GBP' });
    expect(order.householdMemberIds).toEqual(['mem-bob']);
    await use.recordCardPayment(order.id, 'pay-1');
    expect((await memberStore.get('mem-bob'))?.renewalDate).toBe('2028-03-31');
    // Both now hold the household's category.
    expect([(await memberStore.get('mem-ann'))?.membershipType, (await memberStore.get('mem-bob'))?.membershipType]).toEqual(['Family', 'Family']);
  });

  it('an admin with members:write confirms cash or transfer once, audited; anything else is refused with a clear message and changes nothing', async () => {
    const { use, orders, audit, ready } = useCase([ann]);
    await ready;
    const order = await use.quoteRenewal('mem-ann', { category: aCategory(), settings, currency: 'GBP' });
    const admin = anAdmin({ uid: 'uid-treasurer', email: 'treasurer@example.org', permissions: ['members:write'] });
    expect(await use.confirmOfflinePayment(anAdmin({ permissions: ['bookings:write'] }), order.id, { method: 'cash' }).catch((e: unknown) => e)).toBeInstanceOf(
      PermissionError,
    );
    expect(await use.confirmOfflinePayment(admin, order.id, { method: 'cheque' }).catch((e: unknown) => e)).toEqual(
      new ValidationError('Choose cash or transfer'),
    );
    expect(await orders.get(order.id)).toEqual(order);
    expect((await use.confirmOfflinePayment(admin, order.id, { method: 'transfer' })).result).toBe('applied');
    expect((await use.confirmOfflinePayment(admin, order.id, { method: 'cash' })).result).toBe('already-applied');
    const entries = await audit.list({ limit: 10 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { kind: 'admin', uid: 'uid-treasurer' },
      action: 'membership.paid-offline',
      summary: `Transfer of £90.00 confirmed for membership order ${order.id}; renewed to 2028-03-31 (1 member)`,
    });
  });
});

describe('orders left open (docs/membership.md#orders-left-open)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const at = (ms: number) => new Date(Date.parse(NOW) + ms);

  it('closes a renewal order exactly once it has been open its method’s days: 2 for a card, 60 for cash or transfer; never a paid or joining one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('card' as const, 'cash' as const, 'transfer' as const),
        fc.constantFrom('open' as const, 'paid' as const, 'cancelled' as const, 'refunded' as const),
        fc.constantFrom('renewal' as const, 'joining' as const),
        fc.integer({ min: -DAY, max: 90 * DAY }),
        (method, status, kind, age) => {
          const days = method === 'card' ? OPEN_ORDER_DAYS.card : OPEN_ORDER_DAYS.offline;
          const order = anOrder({ method, status, kind, createdAt: NOW });
          expect(isLeftOpen(order, at(age))).toBe(status === 'open' && kind === 'renewal' && age >= days * DAY);
        },
      ),
    );
    expect(isLeftOpen(anOrder({ method: 'card', createdAt: NOW }), at(2 * DAY - 1))).toBe(false);
    expect(isLeftOpen(anOrder({ method: 'card', createdAt: NOW }), at(2 * DAY))).toBe(true);
    expect(isLeftOpen(anOrder({ method: 'transfer', createdAt: NOW }), at(59 * DAY))).toBe(false);
  });

  it('the daily run cancels those left open; a card payment arriving later buys nothing and is refunded', async () => {
    const { use, orders, memberStore, ready } = useCase([aMember({ id: 'mem-ann', email: 'ann@club.example', renewalDate: '2027-03-31' })]);
    await ready;
    const old = (id: string, method: MembershipOrder['method'], daysAgo: number) =>
      orders.create(anOrder({ id, memberId: 'mem-ann', method, createdAt: new Date(Date.parse(NOW) - daysAgo * DAY).toISOString() }));
    await old('ord-card-old', 'card', 3);
    await old('ord-card-new', 'card', 1);
    await old('ord-cash-old', 'cash', 61);
    await old('ord-transfer-new', 'transfer', 30);
    expect(await use.closeLeftOpen()).toEqual(['ord-cash-old', 'ord-card-old']);
    expect((await orders.listOpen()).map((o) => o.id).sort()).toEqual(['ord-card-new', 'ord-transfer-new']);
    expect(await use.closeLeftOpen()).toEqual([]);
    expect((await use.recordCardPayment('ord-card-old', 'pay-late')).result).toBe('refund');
    expect((await memberStore.get('mem-ann'))?.renewalDate).toBe('2027-03-31');
  });
});
