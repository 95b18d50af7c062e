import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  bookingCancellation,
  bookingChanged,
  bookingConfirmation,
  bookingRefund,
  bookingReminder,
  eventChange,
  refundLine,
} from '../../../../core/bookings/booking-mail';
import { escapeHtml } from '../../../../core/mail/compose-mail';
import { actorName } from '../../../../core/audit/audit';
import { icsText } from '../../../../core/events/ics-file';
import { makeBooking, makeEvent } from '../../../support/unit/domain-fixtures';
import { anAmendment } from '../../../support/entities';

const CONTEXT = {
  clubName: 'Kestrel Yacht Club',
  location: 'Kestrel Yacht Club, Reservoir Road',
  manageUrl: 'https://members.kestrel-yc.example/my-booking?token=abc.def',
};

describe('the booking confirmation e-mail', () => {
  // 29 March 2026 is the night the clocks go forward: 10:00 in London is 09:00 UTC that day.
  const event = makeEvent({ id: 'spring-sail', name: 'Spring Sail', eventdatetime: '2026-03-29T09:00:00.000Z', eventenddatetime: '2026-03-29T12:30:00.000Z' });
  const booking = makeBooking({
    id: 'bk-123',
    eventId: event.id,
    eventName: event.name,
    firstName: 'Ada',
    lastName: 'Lovelace',
    userEmail: 'ada@example.org',
    numberAttending: 3,
    numberOfChildren: 1,
    paymentRequired: true,
    paid: true,
    paymentAmount: 2500,
    paymentCurrency: 'GBP',
  });

  it('says what was booked, when in London time, the reference, who and how many, what was paid, and the manage link', () => {
    const mail = bookingConfirmation(booking, event, CONTEXT);
    expect(mail.to).toBe('ada@example.org');
    expect(mail.subject).toBe('Booking confirmed: Spring Sail');
    for (const line of [
      'Event: Spring Sail',
      'When: Sun 29 March 2026, 10:00 – 13:30 (UK time)',
      'Booking reference: bk-123',
      'Name: Ada Lovelace',
      'Attending: 3',
      'Children: 1',
      'Paid: £25.00',
      CONTEXT.manageUrl,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(`<a href="${CONTEXT.manageUrl}">Manage my booking</a>`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it("carries the calendar's own file for the event, which a real parser reads with the right start and end", () => {
    const [file] = bookingConfirmation(booking, event, CONTEXT).attachments;
    expect(file.filename).toMatch(/\.ics$/);
    expect(file.content).toBe(icsText(event, CONTEXT.location));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Spring Sail');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-03-29T12:30:00.000Z');
    expect(vevent.location).toBe(CONTEXT.location);
  });

  it('sends no file for an event without a date, and refuses a booking without an e-mail address', () => {
    expect(bookingConfirmation(booking, { ...event, eventdatetime: null, eventenddatetime: null }, CONTEXT).attachments).toEqual([]);
    expect(() => bookingConfirmation({ ...booking, userEmail: null }, event, CONTEXT)).toThrow(RangeError);
  });

  it('never lets what a member typed become HTML', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        (firstName, lastName, boatName) => {
          const html = bookingConfirmation({ ...booking, firstName, lastName, boatName }, event, CONTEXT).html;
          expect(html).toContain(escapeHtml(`${firstName} ${lastName}`));
          if (boatName !== null) expect(html).toContain(`<td>${escapeHtml(boatName)}</td>`);
          if (/[<>&"']/.test(`${firstName}${lastName}`)) expect(html).not.toContain(`<td>${firstName} ${lastName}</td>`);
        },
      ),
    );
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });
});

describe('the cancellation and refund e-mails', () => {
  const event = makeEvent({ id: 'regatta', name: 'Regatta', eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: null });
  const paid = makeBooking({
    id: 'bk-9',
    eventName: 'Regatta',
    firstName: 'Ada',
    userEmail: 'ada@example.org',
    paymentRequired: true,
    paid: true,
    paymentAmount: 2500,
    paymentCurrency: 'GBP',
    paymentMethod: 'card',
    cancelledAt: '2026-06-01T09:00:00.000Z',
  });

  it('says who cancelled and what happened to the money, in text and the same words in HTML, with no calendar file', () => {
    const byMember = bookingCancellation({ ...paid, cancelledBy: 'member', refundStatus: 'refunded', refundAmount: 2500 }, event, {
      clubName: 'Kestrel Yacht Club',
    });
    expect(byMember.subject).toBe('Booking cancelled: Regatta');
    expect(byMember.text).toContain('Your booking has been cancelled, as you asked.');
    expect(byMember.text).toContain('We have refunded £25.00 to your card.');
    expect(byMember.html).toContain('We have refunded £25.00 to your card.');
    expect(byMember.attachments).toEqual([]);
    const byAdmin = bookingCancellation({ ...paid, cancelledBy: 'uid-1', refundStatus: null }, event, { clubName: 'Kestrel Yacht Club' });
    expect(byAdmin.text).toContain('Your booking has been cancelled by Kestrel Yacht Club.');
    expect(byAdmin.text).not.toContain('refund');
    const late = bookingCancellation({ ...paid, cancelledBy: 'system', refundStatus: 'failed', refundAmount: 2500 }, event, { clubName: 'K' });
    expect(late.text).toContain('Your payment arrived after the 30 minutes');
    expect(late.text).toContain('Your refund of £25.00 could not be made automatically.');
  });

  it('a refund made later has its own e-mail; cash refunds are not said to go to a card', () => {
    const later = bookingRefund({ ...paid, paymentMethod: 'cash', refundStatus: 'refunded', refundAmount: 1000 }, event, { clubName: 'K' });
    expect(later.subject).toBe('Refund made: Regatta');
    expect(later.text).toContain('The club has repaid you £10.00.');
    expect(refundLine({ refundStatus: null, refundAmount: null, paymentCurrency: 'GBP', paymentMethod: 'card' })).toBeNull();
    expect(() => bookingRefund({ ...paid, userEmail: null }, event, { clubName: 'K' })).toThrow(RangeError);
    expect(() => bookingCancellation({ ...paid, userEmail: null }, event, { clubName: 'K' })).toThrow(RangeError);
  });

  it('names who did an audited action', () => {
    expect(actorName({ kind: 'admin', uid: 'u', email: 'treasurer@example.org' })).toBe('treasurer@example.org');
    expect(actorName({ kind: 'member' })).toBe('member via manage link');
    expect(actorName({ kind: 'system' })).toBe('system');
  });
});

describe('the calendar file of a changed booking', () => {
  const event = makeEvent({
    id: 'sail',
    name: 'Autumn Sail',
    eventdatetime: '2026-10-03T09:00:00.000Z',
    eventenddatetime: '2026-10-03T12:00:00.000Z',
    sequence: 2,
  });
  const amendment = (revision: number) =>
    anAmendment({ revision, at: '2026-09-01T10:00:00.000Z', numberAttendingBefore: 2, numberAttending: 3, difference: 0 });
  const sequenceOf = (mail: { attachments: { content: string }[] }) =>
    new ICAL.Event(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!).sequence;

  it('each copy the member is sent keeps the UID and rises above the last: confirmation, changes, a reminder, a moved event, a cancellation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (changes) => {
        const booking = makeBooking({ eventId: event.id, eventName: event.name, userEmail: 'ada@example.org', firstName: 'Ada' });
        const sent = [sequenceOf(bookingConfirmation(booking, event, CONTEXT))];
        let changed = booking;
        for (let n = 1; n <= changes; n += 1) {
          changed = { ...changed, amendments: [...changed.amendments, amendment(n)] };
          sent.push(sequenceOf(bookingChanged(changed, event, { ...CONTEXT, money: null })));
        }
        const reminder = sequenceOf(bookingReminder(changed, event, CONTEXT));
        expect(reminder).toBe(sent.at(-1));
        const moved = { ...event, eventdatetime: '2026-10-10T09:00:00.000Z', eventenddatetime: '2026-10-10T12:00:00.000Z', sequence: event.sequence + 1 };
        sent.push(sequenceOf(eventChange(changed, event, moved, CONTEXT)));
        const gone = { ...changed, cancelledAt: '2026-10-01T10:00:00.000Z', cancelledBy: 'member' };
        sent.push(sequenceOf(bookingCancellation(gone, moved, { clubName: CONTEXT.clubName, calendar: { event: moved, location: CONTEXT.location } })));
        for (let i = 1; i < sent.length; i += 1) expect(sent[i]).toBeGreaterThan(sent[i - 1]);
      }),
    );
  });
});
