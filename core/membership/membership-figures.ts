import { z } from 'zod';
import type { Member } from '../members/member';
import { csvCell } from '../shared/csv';
import { addDaysToDate, londonDate, londonWallClock, parseInstant } from '../shared/london-time';
import { CurrencySchema, minorToDecimalText, type Currency } from '../shared/money';
import type { MembershipCategory } from './membership-category';
import { OrderMethodSchema, orderMemberIds, type MembershipOrder, type OrderMethod } from './membership-order';
import { isLifeRenewalDate, membershipStatus } from './membership-renewal';
import type { MembershipSettings } from './membership-settings';
import { dateInYear, membershipYear, type MembershipYear } from './membership-year';

/**
 * The secretary's and treasurer's figures for a membership year (docs/membership.md, "Figures,
 * refunds and the CSV"): who is due, lapsed and renewed, counts and money per category, payments
 * by method and refunds, and the CSV of the year's payments. Pure: the use case reads the stores.
 */

export const FIGURES_MESSAGES = { year: 'Give the year as four digits, e.g. 2026' } as const;

/** The year's label: the calendar year it starts in (fixed years), or the calendar year itself (rolling years). */
export const FiguresQuerySchema = z
  .object({
    year: z
      .string()
      .regex(/^(19|20|21)\d\d$/, FIGURES_MESSAGES.year)
      .optional(),
  })
  .strict();
export type FiguresQuery = z.infer<typeof FiguresQuerySchema>;

/**
 * The membership year a label names: on a fixed year the one starting in that calendar year
 * (2026: 1 April 2026 to 31 March 2027); on rolling years, where each membership runs its own
 * twelve months, the calendar year (1 January to 31 December).
 */
export function figuresYear(year: MembershipSettings['year'], label: number): MembershipYear {
  if (year.kind === 'rolling') return { start: `${label}-01-01`, end: `${label}-12-31` };
  return membershipYear(year, dateInYear(label, year.yearStart));
}

/** The label of the figures year containing a London date. */
export function figuresYearOf(year: MembershipSettings['year'], date: string): number {
  return Number((year.kind === 'rolling' ? date : membershipYear(year, date).start).slice(0, 4));
}

/**
 * The figures year an order's payment belongs to: the year of the period it bought (its
 * `paysUntil`), so a renewal paid in February for the year from April counts in that year. On a
 * fixed year the period is the membership year containing `paysUntil`; on rolling years the twelve
 * months ending on it (they start the day after the same date a year before). A life order buys
 * no period: it counts in the year it was paid.
 */
export function orderYear(year: MembershipSettings['year'], order: Pick<MembershipOrder, 'paysUntil' | 'paidAt' | 'createdAt'>): number {
  if (isLifeRenewalDate(order.paysUntil)) {
    const paid = parseInstant(order.paidAt ?? order.createdAt);
    return figuresYearOf(year, paid === null ? order.paysUntil : londonDate(paid));
  }
  if (year.kind === 'fixed') return figuresYearOf(year, order.paysUntil);
  const sameDayBefore = `${String(Number(order.paysUntil.slice(0, 4)) - 1).padStart(4, '0')}-${order.paysUntil.slice(5) === '02-29' ? '02-28' : order.paysUntil.slice(5)}`;
  return figuresYearOf(year, addDaysToDate(sameDayBefore, 1));
}

const MinorSchema = z.number().int();
const MoneySchema = z.object({
  /** Minor units taken. */
  paid: MinorSchema,
  /** Minor units refunded of it. */
  refunded: MinorSchema,
  /** paid less refunded. */
  net: MinorSchema,
});
export type FiguresMoney = z.infer<typeof MoneySchema>;

const FiguresMemberSchema = z.object({ id: z.string(), name: z.string(), category: z.string(), renewalDate: z.string() });
export type FiguresMember = z.infer<typeof FiguresMemberSchema>;

export const MembershipFiguresSchema = z.object({
  /** The year's label (FiguresQuerySchema) and its first and last days. */
  year: z.number().int(),
  start: z.iso.date(),
  end: z.iso.date(),
  /** The day the statuses are taken on: today while the year runs or before it, its last day once it is over. */
  asOf: z.iso.date(),
  currency: CurrencySchema,
  counts: z.object({ due: z.number().int(), lapsed: z.number().int(), renewed: z.number().int(), life: z.number().int(), current: z.number().int() }),
  /** Renewal open on `asOf` (not disabled), by renewal date then name: whom to remind. */
  due: z.array(FiguresMemberSchema),
  /** Lapsed on `asOf` (not disabled), by renewal date (most recent first) then name. */
  lapsed: z.array(FiguresMemberSchema),
  /** Covered by a payment for this year that was not refunded, by name. */
  renewed: z.array(FiguresMemberSchema),
  categories: z.array(
    z.object({
      /** Null for a membership type held by members that no category has. */
      categoryId: z.string().nullable(),
      name: z.string(),
      /** Members holding it (not disabled, life ones too). */
      members: z.number().int(),
      /** Of the renewed, those it covered. */
      renewed: z.number().int(),
      /** Null without the permission to see money. */
      money: MoneySchema.nullable(),
    }),
  ),
  /** Null without the permission to see money (members:write alone sees the counts). */
  money: z
    .object({
      total: MoneySchema,
      payments: z.number().int(),
      refunds: z.number().int(),
      byMethod: z.array(MoneySchema.extend({ method: OrderMethodSchema, payments: z.number().int() })),
      /** The year's paid orders, newest payment first, for the Refund action. */
      orders: z.array(
        z.object({
          id: z.string(),
          memberName: z.string(),
          category: z.string(),
          method: OrderMethodSchema,
          amount: MinorSchema,
          paidAt: z.string().nullable(),
          status: z.enum(['paid', 'refunded']),
        }),
      ),
    })
    .nullable(),
});
export type MembershipFigures = z.infer<typeof MembershipFiguresSchema>;

export interface FiguresInput {
  settings: MembershipSettings;
  year: number;
  today: string;
  currency: Currency;
  members: readonly Member[];
  categories: readonly MembershipCategory[];
  /** The paid orders (status paid or refunded); others are ignored. */
  orders: readonly MembershipOrder[];
  /** Whether the money is shown (the treasurer's permission). */
  money: boolean;
}

const METHODS: readonly OrderMethod[] = ['card', 'cash', 'transfer'];
const emptyMoney = (): FiguresMoney => ({ paid: 0, refunded: 0, net: 0 });
const paidOrder = (order: MembershipOrder) => order.status === 'paid' || order.status === 'refunded';

function addOrder(into: FiguresMoney, order: MembershipOrder): void {
  into.paid += order.amount;
  if (order.status === 'refunded') into.refunded += order.amount;
  into.net = into.paid - into.refunded;
}

/** The paid orders whose payment belongs to the figures year (orderYear), oldest payment first. */
export function ordersOfYear(settings: MembershipSettings, orders: readonly MembershipOrder[], year: number): MembershipOrder[] {
  return orders.filter((order) => paidOrder(order) && orderYear(settings.year, order) === year);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-GB');

/** The figures of one membership year (FiguresInput; see MembershipFiguresSchema for each part). */
export function membershipFigures(input: FiguresInput): MembershipFigures {
  const { settings, year, today, members, categories } = input;
  const { start, end } = figuresYear(settings.year, year);
  const asOf = today > end ? end : today;
  const orders = ordersOfYear(settings, input.orders, year);
  const view = (member: Member): FiguresMember => ({ id: member.id, name: member.name, category: member.membershipType, renewalDate: member.renewalDate });
  const active = members.filter((member) => !member.disabled);
  const counts = { due: 0, lapsed: 0, renewed: 0, life: 0, current: 0 };
  const due: FiguresMember[] = [];
  const lapsed: FiguresMember[] = [];
  for (const member of active) {
    const status = membershipStatus(settings, member.renewalDate, asOf);
    if (status === 'renewal-open') due.push(view(member));
    else if (status === 'lapsed') lapsed.push(view(member));
    else if (status === 'life') counts.life += 1;
    else counts.current += 1;
  }
  due.sort((a, b) => a.renewalDate.localeCompare(b.renewalDate) || byName(a, b));
  lapsed.sort((a, b) => b.renewalDate.localeCompare(a.renewalDate) || byName(a, b));
  counts.due = due.length;
  counts.lapsed = lapsed.length;

  const byId = new Map(members.map((member) => [member.id, member]));
  const renewedIds = new Map<string, string>();
  for (const order of orders) if (order.status === 'paid') for (const id of orderMemberIds(order)) if (byId.has(id)) renewedIds.set(id, order.categoryId);
  const renewed = [...renewedIds.keys()].map((id) => view(byId.get(id)!)).sort(byName);
  counts.renewed = renewed.length;

  type Row = MembershipFigures['categories'][number] & { key: string; sums: FiguresMoney };
  const rows = new Map<string, Row>();
  const rowFor = (categoryId: string | null, name: string): Row => {
    const key = categoryId ?? `name:${name.toLowerCase()}`;
    let row = rows.get(key);
    if (!row) {
      row = { key, categoryId, name, members: 0, renewed: 0, money: null, sums: emptyMoney() };
      rows.set(key, row);
    }
    return row;
  };
  const byCategoryName = new Map(categories.map((category) => [category.name.toLowerCase(), category]));
  const byCategoryId = new Map(categories.map((category) => [category.id, category]));
  for (const category of categories) rowFor(category.id, category.name);
  for (const member of active) {
    const category = byCategoryName.get(member.membershipType.toLowerCase());
    rowFor(category?.id ?? null, category?.name ?? member.membershipType).members += 1;
  }
  for (const categoryId of renewedIds.values()) rowFor(categoryId, byCategoryId.get(categoryId)?.name ?? categoryId).renewed += 1;
  const total = emptyMoney();
  const byMethod = new Map(METHODS.map((method) => [method, { method, payments: 0, ...emptyMoney() }]));
  for (const order of orders) {
    addOrder(rowFor(order.categoryId, byCategoryId.get(order.categoryId)?.name ?? order.categoryId).sums, order);
    addOrder(total, order);
    const method = byMethod.get(order.method)!;
    method.payments += 1;
    addOrder(method, order);
  }
  return {
    year,
    start,
    end,
    asOf,
    currency: input.currency,
    counts,
    due,
    lapsed,
    renewed,
    categories: [...rows.values()].sort(byName).map(({ key: _key, sums, ...row }) => ({ ...row, money: input.money ? sums : null })),
    money: input.money
      ? {
          total,
          payments: orders.length,
          refunds: orders.filter((order) => order.status === 'refunded').length,
          byMethod: [...byMethod.values()],
          orders: [...orders]
            .reverse()
            .map((order) => ({
              id: order.id,
              memberName: byId.get(order.memberId ?? '')?.name ?? 'A former member',
              category: byCategoryId.get(order.categoryId)?.name ?? order.categoryId,
              method: order.method,
              amount: order.amount,
              paidAt: order.paidAt,
              status: order.status === 'refunded' ? ('refunded' as const) : ('paid' as const),
            })),
        }
      : null,
  };
}

export const MEMBERSHIP_CSV_HEADER = [
  'Order ID',
  'Date (London time)',
  'Type',
  'Member',
  'Member ID',
  'Category',
  'Method',
  'Amount',
  'Refunded',
  'Currency',
  'Pays Until',
] as const;

function wallClock(instant: string | null | undefined): string {
  const at = parseInstant(instant ?? '');
  return at === null ? (instant ?? '') : londonWallClock(at).replace('T', ' ');
}

/**
 * The CSV of a membership year's payments: one row per payment (its amount under Amount) and one
 * per refund (its amount under Refunded), by date; amounts as decimals as the bookings CSV has
 * them, times in London. Amount sums to the figures' paid total, Refunded to their refunded total.
 */
export function membershipPaymentsCsv(input: Pick<FiguresInput, 'settings' | 'year' | 'members' | 'categories' | 'orders'>): string {
  const names = new Map(input.members.map((member) => [member.id, member.name]));
  const categoryNames = new Map(input.categories.map((category) => [category.id, category.name]));
  const rows: { at: string; refund: boolean; id: string; cells: (string | number | null)[] }[] = [];
  for (const order of ordersOfYear(input.settings, input.orders, input.year)) {
    const memberId = order.memberId ?? order.applicationId ?? '';
    const common = [names.get(memberId) ?? '', memberId, categoryNames.get(order.categoryId) ?? order.categoryId, order.method];
    const paidAt = order.paidAt ?? order.createdAt;
    rows.push({
      at: paidAt,
      refund: false,
      id: order.id,
      cells: [order.id, wallClock(paidAt), 'Payment', ...common, minorToDecimalText(order.amount), '', order.currency, order.paysUntil],
    });
    if (order.status === 'refunded') {
      const refundedAt = order.refundedAt ?? paidAt;
      rows.push({
        at: refundedAt,
        refund: true,
        id: order.id,
        cells: [order.id, wallClock(refundedAt), 'Refund', ...common, '', minorToDecimalText(order.amount), order.currency, order.paysUntil],
      });
    }
  }
  rows.sort((a, b) => a.at.localeCompare(b.at) || Number(a.refund) - Number(b.refund) || a.id.localeCompare(b.id));
  const lines = [MEMBERSHIP_CSV_HEADER.map(csvCell).join(','), ...rows.map((row) => row.cells.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
