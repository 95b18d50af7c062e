import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../core/bookings/booking';
import {
  BOOKING_CANCEL_REASON_MAX,
  bookingCancelReason,
  cancelled,
  LIFECYCLE_MESSAGES,
  refundMadeByHand,
  refundOpen,
  refundSettled,
  type RefundOutcome,
} from '../../../../core/bookings/booking-lifecycle';
import { bookingCancellation, eventCancellation, refundLine } from '../../../../core/bookings/booking-mail';
import { bookingRevenue, paidByHand, paymentStatus, refundOwedByHand } from '../../../../core/bookings/booking-state';
import { handRefundMail, handRefundMessages, HAND_REFUND_MAIL_KIND } from '../../../../core/bookings/hand-refund-mail';
import { handRefundOf, handRefundRecipients, handRefundsOf } from '../../../../core/bookings/hand-refunds';
import { eventBookingSummary } from '../../../../core/bookings/bookings-report';
import { anAdmin } from '../../../support/entities';
import { makeBooking, makeEvent, paymentFields, paymentKind } from '../../../support/unit/domain-fixtures';

// Refunds by hand (docs/payments.md#refunds-by-hand): money taken by hand (cash, transfer) is "to refund by hand" when its booking or event
// is cancelled, never "refund failed" (that is a card refund the gateway refused).

const NOW = new Date('2026-05-01T10:10:00.000Z');
const CONTEXT = { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' };

const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    kind: paymentKind,
    amount: fc.integer({ min: 1, max: 100_000 }),
    id: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
    reference: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: null }),
  })
  .map(({ kind, amount, id, reference }) =>
    makeBooking({
      id,
      userEmail: 'member@example.org',
      submittedAt: '2026-05-01T10:00:00.000Z',
      checkoutOpenedAt: '2026-05-01T10:00:00.000Z',
      ...paymentFields(kind, amount, id),
      paymentReference: kind === 'cash' || kind === 'transfer' ? reference : null,
    }),
  );

const outcomeArb: fc.Arbitrary<RefundOutcome> = fc.oneof(
  fc.record({ status: fc.constant('REFUNDED' as const), refundId: fc.string({ minLength: 1, maxLength: 20 }) }),
  fc.record({ status: fc.constant('FAILED' as const), message: fc.string({ minLength: 1, maxLength: 50 }) }),
  fc.constant({ status: 'UNKNOWN' as const }),
);

const by = fc.constantFrom('member', 'uid-admin');

describe('which refund it is: by the gateway, or by hand (properties)', () => {
  it('a cancelled booking paid by hand is "To refund by hand" until recorded, never "Refund failed", whatever the gateway says; a card one never is', () => {
    fc.assert(
      fc.property(bookingArb, by, fc.array(outcomeArb, { maxLength: 4 }), (booking, who, outcomes) => {
        let current = cancelled(booking, { at: NOW, by: who, refund: true });
        // The gateway's answers change only a card refund: money taken by hand never goes to it.
        for (const outcome of outcomes) current = refundSettled(current, outcome, NOW);
        const status = paymentStatus(current, NOW);
        const owed = bookingRevenue(booking) > 0;
        if (paidByHand(booking) && owed) {
          expect(status).toBe('To refund by hand');
          expect(current).toMatchObject({ refundStatus: 'by-hand', refundAmount: bookingRevenue(booking), refundFailure: null });
          expect(refundOpen(current)).toBe(true);
        } else {
          expect(status).not.toBe('To refund by hand');
          expect(refundOwedByHand(current)).toBe(false);
        }
        if (paidByHand(booking)) expect(status).not.toBe('Refund failed');
      }),
    );
  });

  it('once recorded as repaid by hand it is plain Cancelled, its revenue nothing, and the member is told it was repaid', () => {
    fc.assert(
      fc.property(bookingArb, fc.option(fc.string({ maxLength: 40 }), { nil: null }), (booking, reference) => {
        fc.pre(paidByHand(booking));
        const owed = cancelled(booking, { at: NOW, by: 'uid-admin', refund: true });
        const repaid = refundMadeByHand(owed, NOW, reference);
        expect(paymentStatus(repaid, NOW)).toBe('Cancelled');
        expect(bookingRevenue(repaid)).toBe(0);
        expect(refundOpen(repaid)).toBe(false);
        expect(refundLine(repaid)).toMatch(/^The club has repaid you £[\d,]+\.\d\d\.$/);
      }),
    );
  });

  it('the member is told the club will repay them by hand, never that it "could not be made automatically"', () => {
    fc.assert(
      fc.property(bookingArb, by, (booking, who) => {
        const after = cancelled(booking, { at: NOW, by: who, refund: true });
        const line = refundLine(after);
        if (refundOwedByHand(after)) {
          const how = booking.paymentMethod === 'transfer' ? 'by bank transfer' : 'in cash';
          expect(line).toMatch(new RegExp(`^You paid £[\\d,]+\\.\\d\\d ${how}; the club will repay you by hand\\.$`));
        }
        if (paidByHand(booking)) expect(line ?? '').not.toContain('could not be made automatically');
      }),
    );
    // A cash booking stored as a failed refund before by-hand existed reads the same.
    const legacy = makeBooking({
      paid: true,
      paymentAmount: 1200,
      paymentCurrency: 'GBP',
      paymentMethod: 'cash',
      cancelledAt: NOW.toISOString(),
      refundStatus: 'failed',
      refundAmount: 1200,
    });
    expect(refundLine(legacy)).toBe('You paid £12.00 in cash; the club will repay you by hand.');
    expect(paymentStatus(legacy, NOW)).toBe('To refund by hand');
  });

  it("the admins' list holds exactly the bookings to refund by hand, each with its name, amount, method and references", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(bookingArb, fc.boolean()), { maxLength: 10 }), (rows) => {
        // Bookings have unique ids (the generator may repeat one, e.g. "constructor" twice).
        const bookings = rows.map(([generated, cancel], i) => {
          const b = { ...generated, id: `${generated.id}-${i}` };
          return cancel ? cancelled(b, { at: NOW, by: 'uid-admin', refund: true }) : b;
        });
        const list = handRefundsOf(bookings);
        expect(list.map((r) => r.bookingId)).toEqual(bookings.filter((b) => paymentStatus(b, NOW) === 'To refund by hand').map((b) => b.id));
        // The event's summary counts them among the cancelled, and apart.
        const summary = eventBookingSummary(bookings, NOW);
        expect(summary.toRefundByHand).toBe(list.length);
        expect(summary.cancelled).toBe(bookings.filter((b) => b.cancelledAt !== null).length);
        for (const refund of list) {
          const booking = bookings.find((b) => b.id === refund.bookingId)!;
          expect(refund).toEqual({
            bookingId: booking.id,
            name: `${booking.firstName} ${booking.lastName}`,
            amount: booking.refundAmount,
            currency: 'GBP',
            paymentMethod: booking.paymentMethod,
            paymentReference: booking.paymentReference,
          });
        }
      }),
    );
  });
});

describe('the reason an admin gives for cancelling one booking', () => {
  it('is optional and trimmed; over 2000 characters once trimmed it is refused with a clear message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 2100 }), fc.constantFrom('', '  ', ' Rescheduled ', 'x'.repeat(2001), ` ${'y'.repeat(2000)} `)), (given) => {
        const checked = bookingCancelReason(given);
        const trimmed = given.trim();
        if (trimmed.length > BOOKING_CANCEL_REASON_MAX) expect(checked).toEqual({ ok: false, message: LIFECYCLE_MESSAGES.reasonTooLong });
        else expect(checked).toEqual({ ok: true, reason: trimmed === '' ? null : trimmed });
      }),
    );
    expect(LIFECYCLE_MESSAGES.reasonTooLong).toBe('The reason must be 2000 characters or fewer.');
  });

  it('is stored on the booking and told to the member in the cancellation e-mail, escaped in HTML; none given, none told', () => {
    const event = makeEvent({ name: 'Regatta', eventdatetime: '2026-07-04T09:00:00.000Z' });
    const booking = makeBooking({
      eventName: 'Regatta',
      userEmail: 'ada@example.org',
      paid: true,
      paymentAmount: 1200,
      paymentCurrency: 'GBP',
      paymentMethod: 'cash',
    });
    const withReason = cancelled(booking, { at: NOW, by: 'uid-admin', refund: true, reason: 'The boat <Kestrel> is out of the water' });
    expect(withReason.cancelReason).toBe('The boat <Kestrel> is out of the water');
    const mail = bookingCancellation(withReason, event, { clubName: 'Kestrel Yacht Club' });
    expect(mail.text).toContain(
      'Your booking has been cancelled by Kestrel Yacht Club.\n\nThe reason: The boat <Kestrel> is out of the water\n\nYou paid £12.00 in cash; the club will repay you by hand.',
    );
    expect(mail.html).toContain('<p>The reason: The boat &lt;Kestrel&gt; is out of the water</p>');
    const without = bookingCancellation(cancelled(booking, { at: NOW, by: 'uid-admin', refund: false }), event, { clubName: 'K' });
    expect(without.text).not.toContain('The reason');
    // An event's cancellation tells its own reason and the repayment by hand.
    const withEvent = eventCancellation(cancelled(booking, { at: NOW, by: 'uid-admin', refund: true }), { ...event, cancelReason: 'Gale' }, { clubName: 'K' });
    expect(withEvent.text).toContain('The reason: Gale');
    expect(withEvent.text).toContain('You paid £12.00 in cash; the club will repay you by hand.');
  });
});

describe("the admins' e-mail of refunds to make by hand", () => {
  const refunds = handRefundsOf([
    cancelled(
      makeBooking({
        id: 'bk-1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        paid: true,
        paymentAmount: 1200,
        paymentCurrency: 'GBP',
        paymentMethod: 'cash',
        paymentReference: 'Receipt 42',
      }),
      { at: NOW, by: 'uid-admin', refund: true },
    ),
    cancelled(
      makeBooking({
        id: 'bk-2',
        firstName: 'Bea <b>',
        lastName: 'Banks',
        paid: true,
        paymentAmount: 250_000,
        paymentCurrency: 'GBP',
        paymentMethod: 'transfer',
      }),
      { at: NOW, by: 'uid-admin', refund: true },
    ),
  ]);

  it('goes to every admin not disabled who may record refunds (bookings:write)', () => {
    const admins = [
      anAdmin({ uid: 'treasurer', email: 'treasurer@example.org', name: 'Admin treasurer', permissions: ['bookings:read', 'bookings:write'] }),
      anAdmin({ uid: 'events', email: 'events@example.org', name: 'Admin events', permissions: ['events:read', 'events:write'] }),
      anAdmin({ uid: 'gone', email: 'gone@example.org', name: 'Admin gone', permissions: ['bookings:write'], disabled: true }),
    ];
    expect(handRefundRecipients(admins).map((a) => a.uid)).toEqual(['treasurer']);
    const messages = handRefundMessages(
      admins,
      refunds,
      { kind: 'event', eventId: 'regatta', eventName: 'Regatta', recordId: 'regatta' },
      CONTEXT,
      NOW,
      (a) => `hand-refunds-regatta-${a.uid}`,
    );
    expect(messages.map((m) => [m.id, m.kind, m.recordId, m.mail.to])).toEqual([
      ['hand-refunds-regatta-treasurer', HAND_REFUND_MAIL_KIND, 'regatta', 'treasurer@example.org'],
    ]);
    expect(handRefundMessages(admins, [], { kind: 'event', eventId: 'regatta', eventName: 'Regatta', recordId: 'regatta' }, CONTEXT, NOW, () => 'x')).toEqual(
      [],
    );
  });

  it('lists each booking: name, booking reference, amount in pounds, how it was paid and its payment reference; links to the bookings', () => {
    const mail = handRefundMail(
      { email: 'treasurer@example.org', name: 'Tess Treasurer' },
      refunds,
      { kind: 'event', eventId: 'regatta', eventName: 'Regatta' },
      CONTEXT,
    );
    expect(mail.subject).toBe('To refund by hand: Regatta');
    expect(mail.text).toContain('Dear Tess Treasurer,');
    expect(mail.text).toContain('Regatta has been cancelled. 2 bookings were paid in cash or by bank transfer, and the club must repay them by hand:');
    expect(mail.text).toContain('Ada Lovelace (booking bk-1): £12.00, paid in cash (payment reference Receipt 42)');
    expect(mail.text).toContain('Bea <b> Banks (booking bk-2): £2,500.00, paid by bank transfer');
    expect(mail.text).toContain('https://members.kestrel-yc.example/admin/bookings/regatta');
    expect(mail.html).toContain('Bea &lt;b&gt; Banks');
    const one = handRefundMail(
      { email: 't@example.org', name: 'T' },
      refunds.slice(0, 1),
      { kind: 'booking', eventId: 'regatta', eventName: 'Regatta' },
      CONTEXT,
    );
    expect(one.text).toContain('A booking of Regatta paid in cash or by bank transfer has been cancelled, and the club must repay it by hand:');
  });

  it('a card booking or one with nothing owed is never listed', () => {
    expect(
      handRefundOf(
        cancelled(makeBooking({ paid: true, paymentAmount: 500, paymentCurrency: 'GBP', paymentMethod: 'card', paymentId: 'p1' }), {
          at: NOW,
          by: 'member',
          refund: true,
        }),
      ),
    ).toBeNull();
    expect(
      handRefundOf(
        cancelled(makeBooking({ paid: true, paymentAmount: 500, paymentCurrency: 'GBP', paymentMethod: 'cash' }), { at: NOW, by: 'uid-admin', refund: false }),
      ),
    ).toBeNull();
  });
});
