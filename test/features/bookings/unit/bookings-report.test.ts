import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookedAttendeesText, type Booking } from '../../../../core/bookings/booking';
import { OVERVIEW_MONTHS, bookingsOverview, dashboardStatistics, eventBookingSummary, overviewStart } from '../../../../core/bookings/bookings-report';
import { CSV_HEADER, bookingsCsv } from '../../../../core/operations/bookings-csv';
import { csvCell } from '../../../../core/shared/csv';
import { makeBooking, makeEvent, msInstant } from '../../../support/unit/domain-fixtures';
import { isLondonMidnight } from '../../../../core/shared/london-time';

/** A plain RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    id: fc.uuid(),
    eventId: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'),
    firstName: fc.string({ minLength: 1 }),
    lastName: fc.string({ minLength: 1 }),
    attending: fc.integer({ min: 1, max: 20 }),
    boatName: fc.option(fc.string(), { nil: null }),
    userEmail: fc.option(fc.string(), { nil: null }),
    submittedAt: msInstant,
    state: fc.constantFrom('free', 'pending', 'paid', 'paid-cash', 'cancelled-free', 'cancelled-refunded', 'refund-failed', 'cancelled-kept'),
    amount: fc.integer({ min: 1, max: 100_000 }),
    refundShare: fc.integer({ min: 1, max: 100 }),
    currency: fc.constantFrom('GBP', 'EUR', 'USD') as fc.Arbitrary<'GBP' | 'EUR' | 'USD'>,
    named: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }), child: fc.boolean() }), { maxLength: 3 }),
  })
  .map((r) =>
    makeBooking({
      id: r.id,
      householdAttendees: r.named.map((n, i) => ({
        personId: `p${i}`,
        name: n.name,
        kind: 'adult' as const,
        place: n.child ? ('child' as const) : ('adult' as const),
        memberPrice: false,
      })),
      eventId: r.eventId,
      eventName: `Event ${r.eventId}`,
      firstName: r.firstName,
      lastName: r.lastName,
      numberAttending: r.attending,
      boatName: r.boatName,
      userEmail: r.userEmail,
      submittedAt: r.submittedAt.toISOString(),
      paymentRequired: !FREE.has(r.state),
      paid: PAID.has(r.state),
      paymentAmount: FREE.has(r.state) ? null : r.amount,
      paymentCurrency: FREE.has(r.state) ? null : r.currency,
      paymentId: PAID.has(r.state) && r.state !== 'paid-cash' ? `pay_${r.id}` : null,
      paymentMethod: r.state === 'paid-cash' ? 'cash' : PAID.has(r.state) ? 'card' : null,
      cancelledAt: r.state.startsWith('cancelled') || r.state === 'refund-failed' ? '2026-05-02T10:00:00.000Z' : null,
      cancelledBy: r.state.startsWith('cancelled') || r.state === 'refund-failed' ? 'member' : null,
      refundStatus: r.state === 'cancelled-refunded' ? 'refunded' : r.state === 'refund-failed' ? 'failed' : null,
      refundAmount: r.state === 'cancelled-refunded' || r.state === 'refund-failed' ? Math.ceil((r.amount * r.refundShare) / 100) : null,
    }),
  );

const FREE = new Set(['free', 'cancelled-free']);
const PAID = new Set(['paid', 'paid-cash', 'cancelled-refunded', 'refund-failed', 'cancelled-kept']);

/** An independent reading of the rules: what a treasurer would count by hand. */
function byHand(b: Booking, now: Date) {
  const cancelled = b.cancelledAt !== null;
  const expired = !cancelled && b.paymentRequired && !b.paid && now.getTime() >= Date.parse(b.submittedAt) + 30 * 60_000;
  const standing = !cancelled && !expired;
  const refunded = b.refundStatus === 'refunded' ? (b.refundAmount ?? 0) : 0;
  return { cancelled, standing, revenue: b.paid ? (b.paymentAmount ?? 0) - refunded : 0 };
}

const nowArb = msInstant;

describe('bookings report properties', () => {
  it('the CSV reads back as exactly the cells written, one row per booking', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 15 }), (bookings) => {
        const rows = parseCsv(bookingsCsv(bookings, new Date('2026-06-01T00:00:00.000Z')));
        expect(rows[0]).toEqual([...CSV_HEADER]);
        expect(rows).toHaveLength(bookings.length + 1);
        bookings.forEach((b, i) => {
          const unformula = (s: string) => (s.startsWith("'") ? s.slice(1) : s);
          expect(rows[i + 1]).toHaveLength(CSV_HEADER.length);
          expect(rows[i + 1][0]).toBe(b.id);
          expect(rows[i + 1][1]).toBe(b.reference ?? '');
          expect(unformula(rows[i + 1][3])).toBe(b.firstName);
          expect(unformula(rows[i + 1][4])).toBe(b.lastName);
          expect(unformula(rows[i + 1][5])).toBe(b.userEmail ?? '');
          expect(rows[i + 1][6]).toBe(String(b.numberAttending));
          expect(unformula(rows[i + 1][CSV_HEADER.indexOf('Household Attendees')])).toBe(bookedAttendeesText(b.householdAttendees));
        });
      }),
    );
  });

  it.each([
    ['=1+1', "'=1+1"],
    ["'=1+1", "''=1+1"],
    ["'- ", "''- "],
    ["O'Brien", "O'Brien"],
  ])('keeps a name that itself starts with an apostrophe apart from a protected formula: %j is written %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('no CSV cell can start a spreadsheet formula', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const [[cell]] = parseCsv(`${csvCell(text)}\r\n`);
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell === text || cell === `'${text}`).toBe(true);
        // The prefix is always recognisable: an added apostrophe, and only then, starts the cell.
        expect(cell.startsWith("'") ? cell.slice(1) : cell).toBe(text);
      }),
    );
  });

  it('the summary counts standing bookings and their attendees, cancelled ones apart, and revenue as payments less refunds', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 30 }), nowArb, (bookings, now) => {
        const s = eventBookingSummary(bookings, now);
        const standing = bookings.filter((b) => byHand(b, now).standing);
        expect(s.bookings).toBe(standing.length);
        expect(s.paid + s.pending + s.free).toBe(standing.length);
        expect(s.cancelled).toBe(bookings.filter((b) => byHand(b, now).cancelled).length);
        expect(s.attendees).toBe(standing.reduce((n, b) => n + b.numberAttending, 0));
        for (const currency of ['GBP', 'EUR', 'USD'] as const) {
          const inCurrency = bookings.filter((b) => b.paymentCurrency === currency);
          expect(s.revenue[currency] ?? 0).toBe(inCurrency.reduce((n, b) => n + byHand(b, now).revenue, 0));
        }
      }),
    );
  });

  it('the overview lists the events from six months ago on, latest first, and its totals add up', () => {
    const now = new Date('2026-06-15T12:00:00.000Z');
    const eventArb = fc.record({ id: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'), start: fc.option(msInstant, { nil: null }) });
    fc.assert(
      fc.property(fc.uniqueArray(eventArb, { selector: (e) => e.id, maxLength: 7 }), fc.array(bookingArb, { maxLength: 30 }), (specs, bookings) => {
        const events = specs.map((s) => makeEvent({ id: s.id, name: `Event ${s.id}`, eventdatetime: s.start?.toISOString() ?? null, currency: 'GBP' }));
        const report = bookingsOverview(events, bookings, now);
        const from = Date.parse(report.from);
        const expectedIds = specs
          .filter((s) => s.start !== null && s.start.getTime() >= from)
          .map((s) => s.id)
          .sort();
        expect(report.rows.map((r) => r.eventId).sort()).toEqual(expectedIds);
        for (let i = 1; i < report.rows.length; i++) {
          expect(Date.parse(report.rows[i - 1].eventdatetime)).toBeGreaterThanOrEqual(Date.parse(report.rows[i].eventdatetime));
        }
        expect(report.totals.bookings).toBe(report.rows.reduce((n, r) => n + r.bookings, 0));
        expect(report.totals.attendees).toBe(report.rows.reduce((n, r) => n + r.attendees, 0));
        for (const row of report.rows) {
          const mine = bookings.filter((b) => b.eventId === row.eventId);
          const standing = mine.filter((b) => byHand(b, now).standing);
          expect(row.bookings).toBe(standing.length);
          expect(row.paid + row.pending + row.free).toBe(standing.length);
          expect(row.cancelled).toBe(mine.filter((b) => byHand(b, now).cancelled).length);
          expect(row.revenue).toBe(mine.filter((b) => b.paymentCurrency === 'GBP').reduce((n, b) => n + byHand(b, now).revenue, 0));
        }
      }),
    );
  });

  it('the dashboard shows at most five events, most recently booked first, with their totals', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 40 }), nowArb, (all, now) => {
        const stats = dashboardStatistics(all, now);
        const bookings = all.filter((b) => byHand(b, now).standing);
        expect(stats.length).toBe(Math.min(5, new Set(bookings.map((b) => b.eventId)).size));
        const latest = (id: string) => Math.max(...bookings.filter((b) => b.eventId === id).map((b) => Date.parse(b.submittedAt)));
        for (let i = 1; i < stats.length; i++) expect(latest(stats[i - 1].eventId)).toBeGreaterThanOrEqual(latest(stats[i].eventId));
        for (const s of stats) {
          const mine = bookings.filter((b) => b.eventId === s.eventId);
          expect(s.bookings).toBe(mine.length);
          expect(s.attendees).toBe(mine.reduce((n, b) => n + b.numberAttending, 0));
        }
      }),
    );
  });

  it('the overview window starts at a London midnight six calendar months back and never after now', () => {
    fc.assert(
      fc.property(msInstant, (now) => {
        const start = overviewStart(now);
        const days = (now.getTime() - start.getTime()) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(181 - 3 - 1 / 24);
        expect(days).toBeLessThanOrEqual(185 + 1 / 24);
        if (now.getUTCFullYear() >= 1901) expect(isLondonMidnight(start)).toBe(true);
      }),
    );
  });
});

describe('bookings report examples', () => {
  it('goes back six calendar months, clamping to the end of shorter months', () => {
    expect(OVERVIEW_MONTHS).toBe(6);
    // 15 June (BST) → the start of 15 December (GMT): whole days, so the screen can show a date alone
    expect(overviewStart(new Date('2026-06-15T12:00:00.000Z')).toISOString()).toBe('2025-12-15T00:00:00.000Z');
    // 31 August → the start of 28 February
    expect(overviewStart(new Date('2026-08-31T09:00:00.000Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    // 10 March (GMT) → the start of 10 September, London midnight in BST
    expect(overviewStart(new Date('2026-03-10T08:30:15.250Z')).toISOString()).toBe('2025-09-09T23:00:00.000Z');
  });

  it('builds a row per event with paid, pending and free counts and paid revenue', () => {
    const now = new Date('2026-06-15T12:00:00.000Z');
    const events = [
      makeEvent({ id: 'a', name: 'Regatta', eventdatetime: '2026-06-06T09:00:00.000Z', currency: 'GBP' }),
      makeEvent({ id: 'b', name: 'Old Race', eventdatetime: '2025-01-01T09:00:00.000Z' }),
      makeEvent({ id: 'c', name: 'TBC', eventdatetime: null }),
      makeEvent({ id: 'd', name: 'Future', eventdatetime: '2026-09-01T09:00:00.000Z', currency: 'EUR' }),
    ];
    const bookings = [
      makeBooking({
        eventId: 'a',
        numberAttending: 2,
        paymentRequired: true,
        paid: true,
        paymentAmount: 2500,
        paymentCurrency: 'GBP',
        priceKind: 'member',
        memberId: 'm1',
        memberPlaces: 1,
      }),
      makeBooking({
        eventId: 'a',
        numberAttending: 3,
        paymentRequired: true,
        paid: false,
        paymentAmount: 3750,
        paymentCurrency: 'GBP',
        submittedAt: '2026-06-15T11:50:00.000Z',
      }),
      makeBooking({ eventId: 'a', numberAttending: 1 }),
      makeBooking({ eventId: 'a', numberAttending: 1, paymentRequired: true, paid: true, paymentAmount: 900, paymentCurrency: 'EUR' }),
      // Cancelled with £15 of its £20 refunded: not attending, £5 kept.
      makeBooking({
        eventId: 'a',
        numberAttending: 6,
        paymentRequired: true,
        paid: true,
        paymentAmount: 2000,
        paymentCurrency: 'GBP',
        cancelledAt: '2026-06-02T09:00:00.000Z',
        cancelledBy: 'member',
        refundStatus: 'refunded',
        refundAmount: 1500,
      }),
      // An unpaid hold that lapsed: counted nowhere.
      makeBooking({
        eventId: 'a',
        numberAttending: 5,
        paymentRequired: true,
        paid: false,
        paymentAmount: 6250,
        paymentCurrency: 'GBP',
        submittedAt: '2026-06-01T09:00:00.000Z',
      }),
      makeBooking({ eventId: 'b', numberAttending: 4 }),
    ];
    const report = bookingsOverview(events, bookings, now);
    expect(report.from).toBe('2025-12-15T00:00:00.000Z');
    expect(report.rows).toEqual([
      {
        eventId: 'd',
        eventName: 'Future',
        eventdatetime: '2026-09-01T09:00:00.000Z',
        currency: 'EUR',
        bookings: 0,
        attendees: 0,
        paid: 0,
        pending: 0,
        free: 0,
        cancelled: 0,
        revenue: 0,
        memberRevenue: 0,
      },
      {
        eventId: 'a',
        eventName: 'Regatta',
        eventdatetime: '2026-06-06T09:00:00.000Z',
        currency: 'GBP',
        bookings: 4,
        attendees: 7,
        paid: 2,
        pending: 1,
        free: 1,
        cancelled: 1,
        revenue: 3000,
        memberRevenue: 2500,
      },
    ]);
    expect(report.totals).toEqual({ bookings: 4, attendees: 7, revenue: { GBP: 3000, EUR: 900 }, memberRevenue: { GBP: 2500 } });
  });

  it("summarises one event's bookings", () => {
    const summary = eventBookingSummary(
      [
        makeBooking({
          numberAttending: 4,
          numberOfChildren: 2,
          numberOfSoftDrinks: 1,
          numberOfVegetarian: 3,
          paymentRequired: true,
          paid: true,
          paymentAmount: 3750,
          paymentCurrency: 'GBP',
          priceKind: 'member',
          memberId: 'm1',
          memberPlaces: 1,
        }),
        makeBooking({ numberAttending: 1, paymentRequired: true, paymentAmount: 1250, paymentCurrency: 'GBP', submittedAt: '2026-05-01T10:00:00.000Z' }),
        makeBooking({ numberAttending: 2, paymentRequired: true, paid: true, paymentAmount: 500, paymentCurrency: null, paymentMethod: 'cash' }),
        // Cancelled and refunded in full: neither attending nor revenue, nor its extras.
        makeBooking({
          numberAttending: 3,
          numberOfVegetarian: 3,
          paymentRequired: true,
          paid: true,
          paymentAmount: 3750,
          paymentCurrency: 'GBP',
          cancelledAt: '2026-05-01T10:10:00.000Z',
          refundStatus: 'refunded',
          refundAmount: 3750,
        }),
      ],
      new Date('2026-05-01T10:20:00.000Z'),
    );
    expect(summary).toEqual({
      bookings: 3,
      attendees: 7,
      children: 2,
      softDrinks: 1,
      vegetarian: 3,
      paid: 2,
      pending: 1,
      free: 0,
      cancelled: 1,
      toRefundByHand: 0,
      revenue: { GBP: 4250 },
      memberPriced: 1,
      memberRevenue: { GBP: 3750 },
    });
  });

  it('names each dashboard group after its latest booking', () => {
    const stats = dashboardStatistics(
      [
        makeBooking({ eventId: 'a', eventName: 'Old name', submittedAt: '2026-05-01T10:00:00.000Z', numberAttending: 2 }),
        makeBooking({ eventId: 'a', eventName: 'New name', submittedAt: '2026-05-03T10:00:00.000Z', numberAttending: 1 }),
        makeBooking({ eventId: 'b', eventName: 'B', submittedAt: '2026-05-02T10:00:00.000Z', numberAttending: 5 }),
        makeBooking({
          eventId: 'c',
          eventName: 'Cancelled',
          submittedAt: '2026-05-04T10:00:00.000Z',
          numberAttending: 5,
          cancelledAt: '2026-05-04T11:00:00.000Z',
        }),
      ],
      new Date('2026-05-05T10:00:00.000Z'),
    );
    expect(stats).toEqual([
      { eventId: 'a', eventName: 'New name', bookings: 2, attendees: 3 },
      { eventId: 'b', eventName: 'B', bookings: 1, attendees: 5 },
    ]);
  });

  it('writes the CSV with London times, decimal amounts and safe cells', () => {
    const csv = bookingsCsv(
      [
        makeBooking({
          id: 'bk-9',
          firstName: '=HYPERLINK("x")',
          lastName: 'O"Brien, Jr',
          userEmail: 'ann@example.org',
          submittedAt: '2026-06-01T09:05:00.000Z',
          numberAttending: 3,
          boatName: 'Wind\nRunner',
          paymentRequired: true,
          paid: true,
          paymentAmount: 3750,
          paymentCurrency: 'GBP',
          paymentId: 'pay_123',
          priceKind: 'member',
          memberId: 'm1',
          memberPlaces: 3,
          householdAttendees: [
            { personId: 'p-1', name: 'Milly Sailor', kind: 'junior', place: 'child', memberPrice: true },
            { personId: 'p-2', name: '=Sam, Sailor', kind: 'adult', place: 'adult', memberPrice: true },
          ],
        }),
        makeBooking({
          id: 'bk-10',
          reference: 'KYC-7F3K9',
          submittedAt: '2026-06-01T09:06:00.000Z',
          paymentRequired: true,
          paid: true,
          paymentAmount: 2000,
          paymentCurrency: 'GBP',
          paymentMethod: 'cash',
          cancelledAt: '2026-06-02T09:00:00.000Z',
          refundStatus: 'refunded',
          refundAmount: 2000,
        }),
      ],
      new Date('2026-06-03T09:00:00.000Z'),
      // Checked in: two of three arrived, Milly ticked by name (bk-10 never checked in).
      new Map([
        [
          'bk-9',
          {
            bookingId: 'bk-9',
            eventId: 'e',
            arrived: 2,
            arrivedPeople: ['p-1'],
            version: 2,
            updatedAt: '2026-06-01T10:00:00.000Z',
            updatedBy: 'officer@example.org',
          },
        ],
      ]),
    );
    const [, line, cancelledLine] = csv.split('\r\n');
    expect(line).toBe(
      'bk-9,,2026-06-01 10:05,"\'=HYPERLINK(""x"")","O""Brien, Jr",ann@example.org,3,0,0,0,"Wind\nRunner",Paid,37.50,GBP,pay_123,,Member,3,"Milly Sailor (child), =Sam, Sailor",2,Milly Sailor (child)',
    );
    expect(cancelledLine).toBe('bk-10,KYC-7F3K9,2026-06-01 10:06,Ann,Sailor,,1,0,0,0,,Cancelled,20.00,GBP,,20.00,Standard,0,,,');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csvCell(null)).toBe('');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@home')).toBe("'@home");
  });
});
