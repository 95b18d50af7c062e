import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelled } from '../../../../core/bookings/booking-lifecycle';
import { eventCancellation } from '../../../../core/bookings/booking-mail';
import { bookingOffer, bookingRevenue, paymentStatus } from '../../../../core/bookings/booking-state';
import { bookingClosedReason, isBookingOpen, isEventOver } from '../../../../core/events/event-time';
import { bookingsOverview } from '../../../../core/bookings/bookings-report';
import { bookingsToCancel, cancelEvent, EVENT_CANCEL_MESSAGES, eventCancellationPreview } from '../../../../core/bookings/event-cancellation';
import { isEventCancelled } from '../../../../core/events/event-time';
import { icsText } from '../../../../core/events/ics-file';
import type { Booking } from '../../../../core/bookings/booking';
import { makeBooking, makeEvent, msInstant, paymentFields, paymentKind } from '../../../support/unit/domain-fixtures';

const NOW = new Date('2026-05-01T10:10:00.000Z');

/** Any booking of an event: free, unpaid (holding or lapsed), paid by card, cash or transfer, perhaps already cancelled. */
const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    kind: paymentKind,
    amount: fc.integer({ min: 1, max: 100_000 }),
    minutesAgo: fc.integer({ min: 0, max: 120 }),
    cancelledBefore: fc.boolean(),
    id: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
    email: fc.option(fc.constant('member@example.org'), { nil: null }),
  })
  .map(({ kind, amount, minutesAgo, cancelledBefore, id, email }) =>
    makeBooking({
      id,
      eventId: 'event-1',
      userEmail: email,
      submittedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
      ...paymentFields(kind, amount, id),
      cancelledAt: cancelledBefore ? '2026-04-30T09:00:00.000Z' : null,
      cancelledBy: cancelledBefore ? 'member' : null,
    }),
  );

/** Text an admin might type as the reason, blank ones included. */
const reasonArb = fc.oneof(fc.string({ maxLength: 2100 }), fc.constantFrom('', '   ', '\n\t', 'Gale warning'));

describe('cancelEvent', () => {
  it('refuses an event that is over (409), to the millisecond of its end, and changes nothing', () => {
    fc.assert(
      fc.property(msInstant, fc.integer({ min: -5, max: 5 }), fc.boolean(), (end, step, withEnd) => {
        const event = withEnd
          ? makeEvent({ eventdatetime: new Date(end.getTime() - 3_600_000).toISOString(), eventenddatetime: end.toISOString() })
          : makeEvent({ eventdatetime: end.toISOString(), eventenddatetime: null });
        const now = new Date(end.getTime() + step);
        const result = cancelEvent(event, 'Storm', now);
        if (step > 0) expect(result).toEqual({ ok: false, status: 409, message: EVENT_CANCEL_MESSAGES.eventOver });
        else expect(result.ok).toBe(true);
      }),
    );
    // An event without a date is never over.
    expect(cancelEvent(makeEvent({ eventdatetime: null, eventenddatetime: null }), 'Storm', new Date('2099-01-01T00:00:00.000Z')).ok).toBe(true);
  });

  it('marks a standing event cancelled with the trimmed reason, a new revision and booking closed; keeps every other field', () => {
    fc.assert(
      fc.property(reasonArb, msInstant, fc.integer({ min: 0, max: 1000 }), fc.boolean(), (reason, now, sequence, allowBooking) => {
        const event = makeEvent({ sequence, allowBooking });
        const result = cancelEvent(event, reason, now);
        const trimmed = reason.trim();
        // Over: refused whatever the reason (it would e-mail and refund everyone who came).
        if (isEventOver(event, now)) {
          expect(result).toEqual({ ok: false, status: 409, message: EVENT_CANCEL_MESSAGES.eventOver });
          return;
        }
        if (trimmed === '') {
          expect(result).toEqual({ ok: false, status: 400, message: EVENT_CANCEL_MESSAGES.reasonRequired });
          return;
        }
        if (trimmed.length > 2000) {
          expect(result).toEqual({ ok: false, status: 400, message: EVENT_CANCEL_MESSAGES.reasonTooLong });
          return;
        }
        if (!result.ok) throw new Error(`refused: ${result.message}`);
        const { cancelledAt, cancelReason, sequence: next, updatedAt, ...rest } = result.event;
        expect({ cancelledAt, cancelReason, sequence: next, updatedAt }).toEqual({
          cancelledAt: now.toISOString(),
          cancelReason: trimmed,
          sequence: sequence + 1,
          updatedAt: now.toISOString(),
        });
        const { cancelledAt: _a, cancelReason: _r, sequence: _s, updatedAt: _u, ...before } = event;
        expect(rest).toEqual(before);
        expect(isEventCancelled(result.event)).toBe(true);
        expect(bookingClosedReason(result.event, now)).toBe('cancelled');
        expect(isBookingOpen(result.event, now)).toBe(false);
        expect(bookingOffer({ ...result.event, bookingOpen: false, placesLeft: 10 })).toBe('cancelled');
      }),
    );
  });

  it('refuses a second cancellation (409) whatever the reason, and changes nothing', () => {
    fc.assert(
      fc.property(reasonArb, reasonArb, msInstant, (first, second, now) => {
        // The first is taken: a reason given, and the event not over yet (an event that is over is refused above).
        fc.pre(first.trim() !== '' && first.trim().length <= 2000 && !isEventOver(makeEvent(), now));
        const once = cancelEvent(makeEvent(), first, now);
        if (!once.ok) throw new Error('first refused');
        expect(cancelEvent(once.event, second, now)).toEqual({ ok: false, status: 409, message: EVENT_CANCEL_MESSAGES.alreadyCancelled });
      }),
    );
  });

  it('the calendar file of a cancelled event says STATUS:CANCELLED with its reason, at a higher SEQUENCE', () => {
    const event = makeEvent({ name: 'Regatta', eventdatetime: '2026-07-04T10:00:00.000Z', sequence: 3 });
    const result = cancelEvent(event, 'Gale warning', NOW);
    if (!result.ok) throw new Error('refused');
    const text = icsText(result.event, 'Kestrel Yacht Club');
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SEQUENCE:4');
    expect(text).toContain('Cancelled: Gale warning');
  });
});

describe("an event's bookings once it is cancelled", () => {
  it('every booking not yet cancelled is cancelled, each paid one owing back all it kept: revenue falls to nothing once the refunds are made', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 12 }), (bookings) => {
        const toCancel = bookingsToCancel(bookings);
        expect(toCancel).toEqual(bookings.filter((b) => b.cancelledAt === null));
        for (const b of toCancel) {
          const after = cancelled(b, { at: NOW, by: 'uid-admin', refund: true });
          expect(after.refundAmount ?? 0).toBe(bookingRevenue(b));
          const refunded = after.refundStatus === null ? after : { ...after, refundStatus: 'refunded' as const };
          expect(bookingRevenue(refunded)).toBe(0);
          expect(paymentStatus(after, NOW)).toBe(after.refundStatus === 'by-hand' ? 'To refund by hand' : 'Cancelled');
        }
      }),
    );
  });

  it("the dialog's counts: standing bookings (not lapsed holds), card refunds and refunds by hand", () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 12 }), (bookings) => {
        const preview = eventCancellationPreview(bookings, NOW);
        const standing = bookings.filter((b) => b.cancelledAt === null && paymentStatus(b, NOW) !== 'Expired');
        expect(preview.bookings).toBe(standing.length);
        expect(preview.cardRefunds).toBe(standing.filter((b) => b.paid && b.paymentMethod === 'card').length);
        expect(preview.handRefunds).toBe(standing.filter((b) => b.paid && b.paymentMethod !== 'card').length);
      }),
    );
  });

  it('a cancelled event whose refunds are made counts no revenue in the overview', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 12 }), (bookings) => {
        const event = makeEvent({ id: 'event-1', eventdatetime: '2026-05-20T10:00:00.000Z' });
        const after = bookings.map((b) => {
          if (b.cancelledAt !== null) return { ...b, paid: false };
          const c = cancelled(b, { at: NOW, by: 'uid-admin', refund: true });
          return c.refundStatus === null ? c : { ...c, refundStatus: 'refunded' as const };
        });
        const overview = bookingsOverview([event], after, NOW);
        expect(overview.rows[0]).toMatchObject({ bookings: 0, attendees: 0, revenue: 0 });
      }),
    );
  });
});

describe('the event-cancellation e-mail', () => {
  it('names the event, the reason and what happens to the money', () => {
    const event = makeEvent({ name: 'Regatta', eventdatetime: '2026-07-04T10:00:00.000Z', cancelledAt: NOW.toISOString(), cancelReason: 'Gale warning' });
    const paid = cancelled(
      makeBooking({
        eventName: 'Regatta',
        userEmail: 'ada@example.org',
        paid: true,
        paymentRequired: true,
        paymentAmount: 2500,
        paymentCurrency: 'GBP',
        paymentMethod: 'card',
        paymentId: 'pay-1',
      }),
      { at: NOW, by: 'uid-admin', refund: true },
    );
    const mail = eventCancellation({ ...paid, refundStatus: 'refunded' }, event, { clubName: 'Kestrel Yacht Club' });
    expect(mail.to).toBe('ada@example.org');
    expect(mail.subject).toBe('Event cancelled: Regatta');
    expect(mail.text).toContain('Kestrel Yacht Club has cancelled Regatta');
    expect(mail.text).toContain('The reason: Gale warning');
    expect(mail.text).toContain('We have refunded £25.00 to your card.');
    const free = cancelled(makeBooking({ eventName: 'Regatta', userEmail: 'bea@example.org' }), { at: NOW, by: 'uid-admin', refund: true });
    expect(eventCancellation(free, event, { clubName: 'Kestrel Yacht Club' }).text).toContain(
      'Nothing was paid for this booking, so there is nothing to refund.',
    );
    expect(eventCancellation(free, { ...event, cancelReason: '<b>x</b>' }, { clubName: 'K' }).html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
