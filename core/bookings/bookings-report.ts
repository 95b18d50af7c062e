import { startOfDay } from 'date-fns/startOfDay';
import { subMonths } from 'date-fns/subMonths';
import { z } from 'zod';
import { type Booking } from './booking';
import type { ClubEvent } from '../events/event';
import { CurrencySchema, type Currency } from '../shared/money';
import { bookingRevenue, holdsPlace, isCancelled, paymentStatus, refundOwedByHand, type StatusBooking } from './booking-state';
import { fromLondonWall, londonWall, parseInstant } from '../shared/london-time';

export const OVERVIEW_MONTHS = 6;
export const DASHBOARD_STATISTIC_GROUPS = 5;

/**
 * The start (London midnight) of the day six calendar months before now on the London calendar
 * (31 August → 28 or 29 February: date-fns subMonths). A whole day, so the overview can say
 * "on or after Fri 22 May 2026" and mean it.
 */
export function overviewStart(now: Date): Date {
  const wall = startOfDay(subMonths(londonWall(now), OVERVIEW_MONTHS));
  // Before 1900 London's wall clock is not read (wallClockToInstant), and the window simply
  // starts at the epoch.
  return wall.getFullYear() < 1900 ? new Date(now.getUTCMilliseconds()) : fromLondonWall(wall);
}

/** Minor units per currency. */
const RevenueSchema = z.partialRecord(CurrencySchema, z.number().int());

export const OverviewRowSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  eventdatetime: z.string(),
  currency: CurrencySchema,
  bookings: z.number().int(),
  attendees: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  free: z.number().int(),
  cancelled: z.number().int(),
  /** Minor units taken by paid bookings less refunds, in `currency`. */
  revenue: z.number().int(),
  /** Of `revenue`, what bookings charged the member price brought (docs/payments.md#member-prices). */
  memberRevenue: z.number().int(),
});
export type OverviewRow = z.infer<typeof OverviewRowSchema>;

export const BookingsOverviewSchema = z.object({
  from: z.string(),
  rows: z.array(OverviewRowSchema),
  /** `memberRevenue`: of the revenue, what bookings charged the member price brought. */
  totals: z.object({ bookings: z.number().int(), attendees: z.number().int(), revenue: RevenueSchema, memberRevenue: RevenueSchema }),
});
export type BookingsOverview = z.infer<typeof BookingsOverviewSchema>;

type CountedBooking = StatusBooking & Pick<Booking, 'numberAttending' | 'paymentCurrency' | 'refundAmount' | 'priceKind'>;

/** A paid booking's currency, falling back to the event's (or GBP, the club's default). */
function currencyOf(booking: Pick<Booking, 'paymentCurrency'>, fallback: Currency): Currency {
  return booking.paymentCurrency ?? fallback;
}

/** What one booking adds to a summary: counted by state; attendees only while it holds places. */
interface Tally {
  bookings: number;
  attendees: number;
  paid: number;
  pending: number;
  free: number;
  cancelled: number;
}

/**
 * Adds the booking to the tally and returns the money it keeps (payments less refunds). Expired
 * holds count nowhere; cancelled bookings count as cancelled, never as attending, and keep as
 * revenue only what was not refunded (a refund that failed is money still held).
 */
function tally(into: Tally, b: CountedBooking, now: Date): number {
  const status = paymentStatus(b, now);
  if (status === 'Expired') return 0;
  if (isCancelled(b)) into.cancelled += 1;
  else {
    into.bookings += 1;
    if (holdsPlace(b, now)) into.attendees += b.numberAttending;
    if (status === 'Pending') into.pending += 1;
    else if (status === 'Free Event') into.free += 1;
    else into.paid += 1;
  }
  return bookingRevenue(b);
}

function addRevenue(into: Partial<Record<Currency, number>>, currency: Currency, amount: number): void {
  into[currency] = (into[currency] ?? 0) + amount;
}

/**
 * One row per dated event starting on or after overviewStart(now) (future ones included), start
 * descending. Revenue is payments less refunds. A row holds one currency, the event's; a paid
 * booking in another currency (the event's currency changed after it was paid) still counts in
 * the per-currency totals, so no money goes missing from the report.
 */
export function bookingsOverview(
  events: Pick<ClubEvent, 'id' | 'name' | 'eventdatetime' | 'currency'>[],
  bookings: (CountedBooking & Pick<Booking, 'eventId'>)[],
  now: Date,
): BookingsOverview {
  const from = overviewStart(now);
  const byEvent = new Map<string, typeof bookings>();
  for (const b of bookings) {
    const list = byEvent.get(b.eventId);
    if (list) list.push(b);
    else byEvent.set(b.eventId, [b]);
  }
  const totals: BookingsOverview['totals'] = { bookings: 0, attendees: 0, revenue: {}, memberRevenue: {} };
  const rows: (OverviewRow & { t: number })[] = [];
  for (const event of events) {
    const start = parseInstant(event.eventdatetime);
    if (start === null || start.getTime() < from.getTime()) continue;
    const row: OverviewRow & { t: number } = {
      eventId: event.id,
      eventName: event.name,
      eventdatetime: start.toISOString(),
      currency: event.currency,
      bookings: 0,
      attendees: 0,
      paid: 0,
      pending: 0,
      free: 0,
      cancelled: 0,
      revenue: 0,
      memberRevenue: 0,
      t: start.getTime(),
    };
    for (const b of byEvent.get(event.id) ?? []) {
      const amount = tally(row, b, now);
      if (amount === 0) continue;
      const currency = currencyOf(b, event.currency);
      const member = b.priceKind === 'member';
      if (currency === event.currency) {
        row.revenue += amount;
        if (member) row.memberRevenue += amount;
      }
      addRevenue(totals.revenue, currency, amount);
      if (member) addRevenue(totals.memberRevenue, currency, amount);
    }
    totals.bookings += row.bookings;
    totals.attendees += row.attendees;
    rows.push(row);
  }
  rows.sort((a, b) => b.t - a.t);
  return { from: from.toISOString(), rows: rows.map(({ t: _t, ...row }) => row), totals };
}

export const EventBookingSummarySchema = z.object({
  bookings: z.number().int(),
  attendees: z.number().int(),
  children: z.number().int(),
  softDrinks: z.number().int(),
  vegetarian: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  free: z.number().int(),
  cancelled: z.number().int(),
  /** Of the cancelled, those whose cash or transfer payment is still to repay by hand. */
  toRefundByHand: z.number().int(),
  revenue: RevenueSchema,
  /** Of the standing bookings, those charged the member price (docs/payments.md#member-prices). */
  memberPriced: z.number().int(),
  /** Of the revenue, what bookings charged the member price brought. */
  memberRevenue: RevenueSchema,
});
export type EventBookingSummary = z.infer<typeof EventBookingSummarySchema>;

/**
 * The summary cards above one event's bookings table: standing bookings, their attendees and
 * extras (cancelled bookings and lapsed holds count for none), revenue as payments less refunds.
 */
export function eventBookingSummary(
  bookings: (CountedBooking & Pick<Booking, 'numberOfChildren' | 'numberOfSoftDrinks' | 'numberOfVegetarian'>)[],
  now: Date,
): EventBookingSummary {
  const summary: EventBookingSummary = {
    bookings: 0,
    attendees: 0,
    children: 0,
    softDrinks: 0,
    vegetarian: 0,
    paid: 0,
    pending: 0,
    free: 0,
    cancelled: 0,
    toRefundByHand: 0,
    revenue: {},
    memberPriced: 0,
    memberRevenue: {},
  };
  for (const b of bookings) {
    const amount = tally(summary, b, now);
    if (refundOwedByHand(b)) summary.toRefundByHand += 1;
    if (amount !== 0) addRevenue(summary.revenue, currencyOf(b, 'GBP'), amount);
    if (amount !== 0 && b.priceKind === 'member') addRevenue(summary.memberRevenue, currencyOf(b, 'GBP'), amount);
    if (!holdsPlace(b, now)) continue;
    if (b.priceKind === 'member' && !isCancelled(b)) summary.memberPriced += 1;
    summary.children += b.numberOfChildren;
    summary.softDrinks += b.numberOfSoftDrinks;
    summary.vegetarian += b.numberOfVegetarian;
  }
  return summary;
}

/**
 * Bookings and attendees per event for the dashboard: the events booked most recently first,
 * at most five of them. The name is the one on the latest booking. Only bookings holding places
 * at `now` count (not cancelled ones, nor unpaid holds that lapsed).
 */
export function dashboardStatistics(
  bookings: (Pick<Booking, 'eventId' | 'eventName' | 'numberAttending' | 'submittedAt'> & Parameters<typeof holdsPlace>[0])[],
  now: Date,
): { eventId: string; eventName: string; bookings: number; attendees: number }[] {
  const groups = new Map<string, { eventId: string; eventName: string; bookings: number; attendees: number; latest: number }>();
  for (const b of bookings) {
    if (!holdsPlace(b, now)) continue;
    const at = parseInstant(b.submittedAt)?.getTime() ?? Number.NEGATIVE_INFINITY;
    const group = groups.get(b.eventId);
    if (!group) {
      groups.set(b.eventId, { eventId: b.eventId, eventName: b.eventName, bookings: 1, attendees: b.numberAttending, latest: at });
      continue;
    }
    group.bookings += 1;
    group.attendees += b.numberAttending;
    if (at > group.latest) {
      group.latest = at;
      group.eventName = b.eventName;
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.latest - a.latest)
    .slice(0, DASHBOARD_STATISTIC_GROUPS)
    .map(({ latest: _latest, ...group }) => group);
}

/** Which price a booking was charged, as reports name it: "Member" or "Standard". */
export function priceChargedText(b: Pick<Booking, 'priceKind'>): string {
  return b.priceKind === 'member' ? 'Member' : 'Standard';
}
