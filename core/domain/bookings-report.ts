import { subMonths } from 'date-fns/subMonths';
import { z } from 'zod';
import type { Booking } from '../entities/booking';
import type { ClubEvent } from '../entities/event';
import { CurrencySchema, type Currency } from '../entities/money';
import { paymentStatus } from './booking-state';
import { fromLondonWall, londonWall, londonWallClock, parseInstant } from './london-time';
import { minorToDecimalText } from './pricing';

export const OVERVIEW_MONTHS = 6;
export const DASHBOARD_STATISTIC_GROUPS = 5;

/**
 * Six calendar months before now on the London calendar (31 August → 28 or 29 February: date-fns
 * subMonths), keeping the London time of day.
 */
export function overviewStart(now: Date): Date {
  const wall = subMonths(londonWall(now), OVERVIEW_MONTHS);
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
  /** Minor units taken by paid bookings, in `currency`. */
  revenue: z.number().int(),
});
export type OverviewRow = z.infer<typeof OverviewRowSchema>;

export const BookingsOverviewSchema = z.object({
  from: z.string(),
  rows: z.array(OverviewRowSchema),
  totals: z.object({ bookings: z.number().int(), attendees: z.number().int(), revenue: RevenueSchema }),
});
export type BookingsOverview = z.infer<typeof BookingsOverviewSchema>;

type CountedBooking = Pick<Booking, 'numberAttending' | 'paid' | 'paymentAmount' | 'paymentCurrency'>;

/** A paid booking's currency, falling back to the event's (or GBP, the club's default). */
function currencyOf(booking: CountedBooking, fallback: Currency): Currency {
  return booking.paymentCurrency ?? fallback;
}

function addRevenue(into: Partial<Record<Currency, number>>, currency: Currency, amount: number): void {
  into[currency] = (into[currency] ?? 0) + amount;
}

/**
 * One row per dated event starting on or after overviewStart(now) (future ones included), start
 * descending. Revenue counts paid bookings only. A row holds one currency, the event's; a paid
 * booking in another currency (the event's currency changed after it was paid) still counts in
 * the per-currency totals, so no money goes missing from the report.
 */
export function bookingsOverview(
  events: Pick<ClubEvent, 'id' | 'name' | 'eventdatetime' | 'currency'>[],
  bookings: Pick<Booking, 'eventId' | 'numberAttending' | 'paid' | 'paymentAmount' | 'paymentCurrency'>[],
  now: Date,
): BookingsOverview {
  const from = overviewStart(now);
  const byEvent = new Map<string, typeof bookings>();
  for (const b of bookings) {
    const list = byEvent.get(b.eventId);
    if (list) list.push(b);
    else byEvent.set(b.eventId, [b]);
  }
  const totals: BookingsOverview['totals'] = { bookings: 0, attendees: 0, revenue: {} };
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
      revenue: 0,
      t: start.getTime(),
    };
    for (const b of byEvent.get(event.id) ?? []) {
      row.bookings += 1;
      row.attendees += b.numberAttending;
      const status = paymentStatus(b);
      if (status === 'Paid') {
        row.paid += 1;
        const amount = b.paymentAmount ?? 0;
        const currency = currencyOf(b, event.currency);
        if (currency === event.currency) row.revenue += amount;
        addRevenue(totals.revenue, currency, amount);
      } else if (status === 'Pending') row.pending += 1;
      else row.free += 1;
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
  revenue: RevenueSchema,
});
export type EventBookingSummary = z.infer<typeof EventBookingSummarySchema>;

/** The summary cards above one event's bookings table. */
export function eventBookingSummary(
  bookings: Pick<
    Booking,
    'numberAttending' | 'numberOfChildren' | 'numberOfSoftDrinks' | 'numberOfVegetarian' | 'paid' | 'paymentAmount' | 'paymentCurrency'
  >[],
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
    revenue: {},
  };
  for (const b of bookings) {
    summary.bookings += 1;
    summary.attendees += b.numberAttending;
    summary.children += b.numberOfChildren;
    summary.softDrinks += b.numberOfSoftDrinks;
    summary.vegetarian += b.numberOfVegetarian;
    const status = paymentStatus(b);
    if (status === 'Paid') {
      summary.paid += 1;
      addRevenue(summary.revenue, currencyOf(b, 'GBP'), b.paymentAmount ?? 0);
    } else if (status === 'Pending') summary.pending += 1;
    else summary.free += 1;
  }
  return summary;
}

/**
 * Bookings and attendees per event for the dashboard: the events booked most recently first,
 * at most five of them. The name is the one on the latest booking.
 */
export function dashboardStatistics(
  bookings: Pick<Booking, 'eventId' | 'eventName' | 'numberAttending' | 'submittedAt'>[],
): { eventId: string; eventName: string; bookings: number; attendees: number }[] {
  const groups = new Map<string, { eventId: string; eventName: string; bookings: number; attendees: number; latest: number }>();
  for (const b of bookings) {
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

export const CSV_HEADER = [
  'Booking ID',
  'Submitted (London time)',
  'First Name',
  'Last Name',
  'Email',
  'Attending',
  'Children',
  'Soft Drinks',
  'Vegetarian',
  'Boat Name',
  'Payment Status',
  'Amount',
  'Currency',
  'Payment ID',
] as const;

/**
 * A cell quoted per RFC 4180. Text starting with = + - @ (or a tab or carriage return) would be
 * run as a formula by spreadsheet programs, so it is prefixed with an apostrophe: a member
 * cannot plant a formula in an admin's spreadsheet through the booking form. Text that already
 * starts with an apostrophe gets one too, so the prefix can always be told from the text
 * (spreadsheets hide the first apostrophe and show the rest as typed).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r']/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV download of one event's bookings; times in London, amounts as decimals. */
export function bookingsCsv(bookings: Booking[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const b of bookings) {
    const submitted = parseInstant(b.submittedAt);
    lines.push(
      [
        b.id,
        submitted === null ? b.submittedAt : londonWallClock(submitted).replace('T', ' '),
        b.firstName,
        b.lastName,
        b.userEmail,
        b.numberAttending,
        b.numberOfChildren,
        b.numberOfSoftDrinks,
        b.numberOfVegetarian,
        b.boatName,
        paymentStatus(b),
        b.paymentAmount === null ? '' : minorToDecimalText(b.paymentAmount),
        b.paymentCurrency,
        b.paymentId,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
