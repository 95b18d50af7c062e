import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  figuresYear,
  figuresYearOf,
  membershipFigures,
  membershipPaymentsCsv,
  orderYear,
  type FiguresInput,
} from '../../../../core/membership/membership-figures';
import type { MembershipOrder } from '../../../../core/membership/membership-order';
import { paysUntil } from '../../../../core/membership/membership-renewal';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { aMember, aMembershipCategory, aMembershipOrder } from '../../../support/entities';
import { dateArb, yearArb } from './membership-arbitraries';

// The treasurer's figures and CSV (docs/membership.md#figures-refunds-and-the-csv).

const CATEGORIES = ['adult', 'social', 'family', 'gone'].map((id) => aMembershipCategory({ id, name: id[0].toUpperCase() + id.slice(1) }));
// 'other' names no category: its orders still count, in a row of their own.
const orderArb = fc
  .record({
    n: fc.integer({ min: 0, max: 10_000 }),
    categoryId: fc.constantFrom('adult', 'social', 'family', 'other'),
    amount: fc.integer({ min: 0, max: 500_000 }),
    method: fc.constantFrom('card' as const, 'cash' as const, 'transfer' as const),
    status: fc.constantFrom('paid' as const, 'refunded' as const, 'open' as const, 'cancelled' as const),
    paysUntil: fc.constantFrom('2026-03-31', '2027-03-31', '2028-03-31', '2026-12-31', '2027-06-30', '9999-12-31'),
    memberId: fc.constantFrom('m1', 'm2', 'm3', 'gone'),
  })
  .map(({ n, ...o }) =>
    aMembershipOrder({
      id: `order-${n}`,
      paymentId: o.status === 'open' ? null : `pay-${n}`,
      paidAt: o.status === 'open' ? null : '2026-05-01T10:00:00.000Z',
      appliedAt: null,
      createdAt: '2026-05-01T09:00:00.000Z',
      ...(o.status === 'refunded' ? { refundedAt: '2026-06-01T10:00:00.000Z', refundId: `re-${n}`, refundedBy: 'uid-t' } : {}),
      ...o,
    }),
  );
const ordersArb = fc.uniqueArray(orderArb, { selector: (o) => o.id, maxLength: 30 });
const MEMBERS = ['m1', 'm2', 'm3'].map((id, i) => aMember({ id, name: `Member ${i}`, email: `${id}@club.example`, renewalDate: '2027-03-31' }));

function input(orders: MembershipOrder[], year: number, settings = DEFAULT_MEMBERSHIP_SETTINGS): FiguresInput {
  return { settings, year, today: '2026-06-01', currency: 'GBP', members: MEMBERS, categories: CATEGORIES, orders, money: true };
}

/** The sums of the CSV's Amount and Refunded columns, in minor units. */
function csvSums(csv: string): { amount: number; refunded: number; rows: number } {
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  const names = header.split(',');
  const at = (name: string) => names.indexOf(name);
  let amount = 0;
  let refunded = 0;
  for (const line of lines) {
    const cells = line.split(',');
    amount += cells[at('Amount')] ? Math.round(Number(cells[at('Amount')]) * 100) : 0;
    refunded += cells[at('Refunded')] ? Math.round(Number(cells[at('Refunded')]) * 100) : 0;
  }
  return { amount, refunded, rows: lines.length };
}

const yearOfArb = fc.constantFrom(2025, 2026, 2027);

describe('membershipFigures and the payments CSV', () => {
  it('PROPERTY: the money per category sums to the total, and the methods sum to it too', () => {
    fc.assert(
      fc.property(ordersArb, yearOfArb, (orders, year) => {
        const figures = membershipFigures(input(orders, year));
        const total = figures.money!.total;
        for (const key of ['paid', 'refunded', 'net'] as const) {
          expect(figures.categories.reduce((sum, c) => sum + c.money![key], 0)).toBe(total[key]);
          expect(figures.money!.byMethod.reduce((sum, m) => sum + m[key], 0)).toBe(total[key]);
        }
        expect(total.net).toBe(total.paid - total.refunded);
      }),
    );
  });

  it('PROPERTY: the CSV’s Amount column sums to the paid total and its Refunded column to the refunded total', () => {
    fc.assert(
      fc.property(ordersArb, yearOfArb, (orders, year) => {
        const figures = membershipFigures(input(orders, year));
        const sums = csvSums(membershipPaymentsCsv(input(orders, year)));
        expect(sums.amount).toBe(figures.money!.total.paid);
        expect(sums.refunded).toBe(figures.money!.total.refunded);
        expect(sums.rows).toBe(figures.money!.payments + figures.money!.refunds);
      }),
    );
  });

  it('PROPERTY: refunding a paid order lowers the figures’ net and the CSV’s net by its amount, in its category and method', () => {
    fc.assert(
      fc.property(ordersArb, yearOfArb, fc.nat(), (orders, year, pick) => {
        const paid = orders.filter((o) => o.status === 'paid' && orderYear(DEFAULT_MEMBERSHIP_SETTINGS.year, o) === year);
        fc.pre(paid.length > 0);
        const chosen = paid[pick % paid.length];
        const after = orders.map((o) =>
          o.id === chosen.id ? { ...o, status: 'refunded' as const, refundedAt: '2026-07-01T10:00:00.000Z', refundId: 're' } : o,
        );
        const [one, two] = [membershipFigures(input(orders, year)), membershipFigures(input(after, year))];
        const [csvOne, csvTwo] = [csvSums(membershipPaymentsCsv(input(orders, year))), csvSums(membershipPaymentsCsv(input(after, year)))];
        expect(one.money!.total.net - two.money!.total.net).toBe(chosen.amount);
        expect(csvOne.amount - csvOne.refunded - (csvTwo.amount - csvTwo.refunded)).toBe(chosen.amount);
        const row = (f: typeof one) => f.categories.find((c) => c.categoryId === chosen.categoryId)!.money!.net;
        expect(row(one) - row(two)).toBe(chosen.amount);
        const method = (f: typeof one) => f.money!.byMethod.find((m) => m.method === chosen.method)!.net;
        expect(method(one) - method(two)).toBe(chosen.amount);
      }),
    );
  });

  it('PROPERTY: a renewal quoted on any day counts in the figures year containing that day, on fixed and rolling years', () => {
    fc.assert(
      fc.property(yearArb, dateArb, fc.option(dateArb, { nil: null }), (year, today, renewalDate) => {
        const until = paysUntil(year, { life: false }, renewalDate !== null && renewalDate < today ? renewalDate : null, today);
        fc.pre(!until.startsWith('9999'));
        const label = orderYear(year, { paysUntil: until, paidAt: null, createdAt: `${today}T12:00:00.000Z` });
        expect(label).toBe(figuresYearOf(year, today));
        const range = figuresYear(year, label);
        expect(today >= range.start && today <= range.end).toBe(true);
      }),
    );
  });

  it('counts the members without money for members:write alone; a disabled member is in no list', () => {
    const members = [
      aMember({ id: 'due', name: 'Dee Due', email: 'due@club.example', renewalDate: '2026-07-01' }),
      aMember({ id: 'lapsed', name: 'Lee Lapsed', email: 'lapsed@club.example', renewalDate: '2026-03-31' }),
      aMember({ id: 'off', name: 'Off Member', email: 'off@club.example', renewalDate: '2026-03-31', disabled: true }),
      aMember({ id: 'life', name: 'Lif Long', email: 'life@club.example', renewalDate: '9999-12-31', membershipType: 'Honorary' }),
    ];
    const figures = membershipFigures({ ...input([], 2026), members, money: false });
    expect(figures.counts).toEqual({ due: 1, lapsed: 1, renewed: 0, life: 1, current: 0 });
    expect(figures.due.map((m) => m.name)).toEqual(['Dee Due']);
    expect(figures.lapsed.map((m) => m.name)).toEqual(['Lee Lapsed']);
    expect(figures.money).toBeNull();
    expect(figures.categories.find((c) => c.name === 'Honorary')).toEqual({ categoryId: null, name: 'Honorary', members: 1, renewed: 0, money: null });
  });

  it('a CSV cell a member typed is formula-safe, and amounts are decimals as in the bookings CSV', () => {
    const members = [aMember({ id: 'm1', name: '=HYPERLINK("x")', email: 'm1@club.example' })];
    const order = aMembershipOrder({ memberId: 'm1', amount: 12_050, paidAt: '2026-07-01T09:05:00.000Z' });
    const csv = membershipPaymentsCsv({ ...input([order], 2026), members });
    expect(csv.split('\r\n')[1]).toBe(`order-1,2026-07-01 10:05,Payment,"'=HYPERLINK(""x"")",m1,Adult,card,120.50,,GBP,2027-03-31`);
  });
});
