import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCancellation, bookingConfirmation, eventCancellation, eventChange } from '../../../../core/bookings/booking-mail';
import {
  changeNeedsTelling,
  changeNoticeWarning,
  changeNoticeDone,
  eventChangeMessageId,
  formMovesEvent,
  timeOrPlaceChanged,
} from '../../../../core/events/event-change-notice';
import { bookingsToTell, changeNoticeCount } from '../../../../core/bookings/bookings-to-tell';
import { eventToFormValues } from '../../../../core/events/event-form';
import { cancelEvent } from '../../../../core/bookings/event-cancellation';
import { holdsPlace } from '../../../../core/bookings/booking-state';
import type { Booking } from '../../../../core/bookings/booking';
import type { ClubEvent } from '../../../../core/events/event';
import { makeBooking, makeEvent, minuteInstant, paymentFields, paymentKind } from '../../../support/unit/domain-fixtures';

const NOW = new Date('2026-05-01T10:10:00.000Z');
const CONTEXT = {
  clubName: 'Kestrel Yacht Club',
  location: 'Kestrel Yacht Club',
  manageUrl: 'https://members.kestrel-yc.example/my-booking?token=abc.def',
  eventUrl: 'https://members.kestrel-yc.example/event-booking?id=evt-1',
};

/** An event's start and end to the minute (the form's precision), the end perhaps absent. */
const timesArb = fc
  .record({ start: minuteInstant, hours: fc.option(fc.integer({ min: 1, max: 72 }), { nil: null }) })
  .map(({ start, hours }) => ({
    eventdatetime: start.toISOString(),
    eventenddatetime: hours === null ? null : new Date(start.getTime() + hours * 3_600_000).toISOString(),
  }));

/** Every field an admin may change that is not the time: none of them is told. */
const otherFieldsArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 40 }),
  description: fc.string({ maxLength: 40 }),
  longdescription: fc.string({ maxLength: 40 }),
  bookingEndDate: fc.option(
    minuteInstant.map((d) => d.toISOString()),
    { nil: null },
  ),
  allowBooking: fc.boolean(),
  capacity: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  price: fc.integer({ min: 0, max: 10_000 }),
  remindersOff: fc.boolean(),
});

const bookingArb: fc.Arbitrary<Booking> = fc
  .record({
    kind: paymentKind,
    minutesAgo: fc.integer({ min: 0, max: 120 }),
    cancelled: fc.boolean(),
    id: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
    email: fc.option(fc.constant('member@example.org'), { nil: null }),
  })
  .map(({ kind, minutesAgo, cancelled, id, email }) =>
    makeBooking({
      id,
      userEmail: email,
      submittedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
      ...paymentFields(kind, 2500, id),
      cancelledAt: cancelled ? '2026-04-30T09:00:00.000Z' : null,
      cancelledBy: cancelled ? 'member' : null,
    }),
  );

describe('changeNeedsTelling: which edits of an event its booked members are told of', () => {
  it('a change of name, words, deadline, capacity, price or reminders alone tells nobody', () => {
    fc.assert(
      fc.property(timesArb, otherFieldsArb, (times, other) => {
        const before = makeEvent({ ...times, cancelledAt: null });
        const after: ClubEvent = { ...before, ...other, sequence: before.sequence + 1, updatedAt: NOW.toISOString() };
        expect(changeNeedsTelling(before, after, NOW)).toBe(false);
      }),
    );
  });

  it('a move of the start or the end of a standing event still to come is told; the same moment written otherwise is not a move', () => {
    fc.assert(
      fc.property(timesArb, timesArb, (a, b) => {
        const future = (t: typeof a) => ({
          eventdatetime: new Date(Date.parse(t.eventdatetime) + Date.UTC(2040, 0, 1)).toISOString(),
          eventenddatetime: t.eventenddatetime === null ? null : new Date(Date.parse(t.eventenddatetime) + Date.UTC(2040, 0, 1)).toISOString(),
        });
        const before = makeEvent({ ...future(a), cancelledAt: null });
        const after = makeEvent({ ...future(b), cancelledAt: null });
        const moved =
          Date.parse(before.eventdatetime!) !== Date.parse(after.eventdatetime!) ||
          (before.eventenddatetime === null) !== (after.eventenddatetime === null) ||
          (before.eventenddatetime !== null && Date.parse(before.eventenddatetime) !== Date.parse(after.eventenddatetime!));
        expect(changeNeedsTelling(before, after, NOW)).toBe(moved);
        expect(changeNeedsTelling(after, before, NOW)).toBe(moved);
        // The same instants with an offset: no move.
        const offset = (iso: string | null) => (iso === null ? null : iso.replace('Z', '+00:00'));
        expect(timeOrPlaceChanged(before, { eventdatetime: offset(before.eventdatetime), eventenddatetime: offset(before.eventenddatetime) })).toBe(false);
      }),
    );
  });

  it('a cancelled event, or one over both before and after (a correction of the record), tells nobody', () => {
    fc.assert(
      fc.property(timesArb, timesArb, (a, b) => {
        const before = makeEvent({ ...a, cancelledAt: null });
        const after = makeEvent({ ...b, cancelledAt: null });
        const cancelled = '2026-01-01T00:00:00.000Z';
        expect(changeNeedsTelling({ ...before, cancelledAt: cancelled }, { ...after, cancelledAt: cancelled }, NOW)).toBe(false);
        // Long after both: over before and after.
        expect(changeNeedsTelling(before, after, new Date(Date.UTC(2040, 0, 1)))).toBe(false);
      }),
    );
    // Over before, moved to the future: told (the members have an event to come again).
    const past = makeEvent({ eventdatetime: '2026-04-01T09:00:00.000Z', eventenddatetime: null });
    expect(changeNeedsTelling(past, { ...past, eventdatetime: '2026-06-01T09:00:00.000Z' }, NOW)).toBe(true);
  });
});

describe('who is told, and what the admin form says', () => {
  it('tells exactly the live bookings (not cancelled, not a lapsed hold) with an e-mail; the count matches', () => {
    fc.assert(
      fc.property(fc.uniqueArray(bookingArb, { selector: (b) => b.id, maxLength: 12 }), (bookings) => {
        const told = bookingsToTell(bookings, NOW);
        expect(told.map((b) => b.id)).toEqual(bookings.filter((b) => holdsPlace(b, NOW) && b.userEmail !== null).map((b) => b.id));
        const count = changeNoticeCount(bookings, NOW);
        expect(count.withEmail).toBe(told.length);
        expect(count.withEmail + count.withoutEmail).toBe(bookings.filter((b) => holdsPlace(b, NOW)).length);
        const warning = changeNoticeWarning(count);
        if (count.withEmail + count.withoutEmail === 0) expect(warning).toBeNull();
        else expect(warning).toContain(count.withEmail > 0 ? `e-mail ${count.withEmail} booked member` : 'nobody will be e-mailed');
      }),
    );
  });

  it('says how many will be e-mailed, and how many cannot be', () => {
    expect(changeNoticeWarning({ withEmail: 3, withoutEmail: 0, dutyHolders: 0 })).toBe('Saving will e-mail 3 booked members about the new time.');
    expect(changeNoticeWarning({ withEmail: 1, withoutEmail: 0, dutyHolders: 0 })).toBe('Saving will e-mail 1 booked member about the new time.');
    expect(changeNoticeWarning({ withEmail: 2, withoutEmail: 1, dutyHolders: 0 })).toBe(
      'Saving will e-mail 2 booked members about the new time. 1 booking has no e-mail address and will not be told.',
    );
    expect(changeNoticeWarning({ withEmail: 0, withoutEmail: 2, dutyHolders: 0 })).toBe(
      'All 2 bookings have no e-mail address: nobody will be e-mailed about the new time.',
    );
    expect(changeNoticeWarning({ withEmail: 0, withoutEmail: 0, dutyHolders: 0 })).toBeNull();
  });

  it('counts the duty holders among those e-mailed, before and after the save', () => {
    expect(changeNoticeWarning({ withEmail: 3, withoutEmail: 0, dutyHolders: 2 })).toBe(
      'Saving will e-mail 3 booked members and 2 duty holders about the new time.',
    );
    expect(changeNoticeWarning({ withEmail: 0, withoutEmail: 0, dutyHolders: 1 })).toBe('Saving will e-mail 1 duty holder about the new time.');
    expect(changeNoticeWarning({ withEmail: 0, withoutEmail: 1, dutyHolders: 2 })).toBe(
      'The one booking has no e-mail address: no booked member will be e-mailed. Saving will e-mail 2 duty holders about the new time.',
    );
    expect(changeNoticeDone({ members: 1, dutyHolders: 3 })).toBe('E-mailed 1 booked member and 3 duty holders about the new time.');
    expect(changeNoticeDone({ members: 4, dutyHolders: 0 })).toBe('E-mailed 4 booked members about the new time.');
    expect(changeNoticeDone({ members: 0, dutyHolders: 0 })).toBeNull();
  });

  it('the form moves the event exactly when the server would tell of the saved values', () => {
    fc.assert(
      fc.property(timesArb, timesArb, (a, b) => {
        const shift = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) + Date.UTC(2010, 0, 1)).toISOString());
        const stored = makeEvent({ eventdatetime: shift(a.eventdatetime), eventenddatetime: shift(a.eventenddatetime), cancelledAt: null });
        const edited = makeEvent({ eventdatetime: shift(b.eventdatetime), eventenddatetime: shift(b.eventenddatetime), cancelledAt: null });
        expect(formMovesEvent(stored, eventToFormValues(edited), NOW)).toBe(changeNeedsTelling(stored, edited, NOW));
        expect(formMovesEvent(stored, eventToFormValues(stored), NOW)).toBe(false);
      }),
    );
    const stored = makeEvent({ eventdatetime: '2026-06-06T09:00:00.000Z', cancelledAt: null });
    // Half-typed: not a move yet (the form refuses it anyway).
    expect(formMovesEvent(stored, { eventdatetime: '2026-06-0', eventenddatetime: '' }, NOW)).toBe(false);
  });

  it('an event stored at the second 01:30 of the autumn clock change is not moved by its own form', () => {
    const stored = makeEvent({ eventdatetime: '2026-10-25T01:30:00.000Z', eventenddatetime: null, cancelledAt: null });
    expect(eventToFormValues(stored).eventdatetime).toBe('2026-10-25T01:30');
    expect(formMovesEvent(stored, eventToFormValues(stored), NOW)).toBe(false);
    // Typed into another event's form, 01:30 is the first one (BST), as on creation: a move.
    const other = makeEvent({ eventdatetime: '2026-10-25T00:30:00.000Z', eventenddatetime: null, cancelledAt: null });
    expect(formMovesEvent(other, { eventdatetime: '2026-10-25T01:30', eventenddatetime: '' }, NOW)).toBe(false);
    expect(formMovesEvent(stored, { eventdatetime: '2026-10-25T01:29', eventenddatetime: '' }, NOW)).toBe(true);
  });

  it('one outbox id per booking per revision', () => {
    expect(eventChangeMessageId('bk-1', 4)).toBe('event-change-bk-1-4');
    expect(eventChangeMessageId('bk-1', 5)).not.toBe(eventChangeMessageId('bk-1', 4));
  });
});

function vevent(content: string): ICAL.Event {
  return new ICAL.Event(new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!);
}

describe('the e-mails', () => {
  // 29 March 2026 is the night the clocks go forward: 10:00 in London is 09:00 UTC that day.
  const before = makeEvent({
    id: 'evt-1',
    name: 'Spring Sail',
    eventdatetime: '2026-03-28T10:00:00.000Z',
    eventenddatetime: '2026-03-28T13:00:00.000Z',
    sequence: 2,
  });
  const after: ClubEvent = {
    ...before,
    eventdatetime: '2026-03-29T09:00:00.000Z',
    eventenddatetime: '2026-03-29T12:30:00.000Z',
    sequence: 3,
    updatedAt: '2026-03-01T08:00:00.000Z',
  };
  const booking = makeBooking({ id: 'bk-7', eventId: 'evt-1', eventName: 'Spring Sail', firstName: 'Ada', userEmail: 'ada@example.org' });

  it('the change e-mail says what moved, old and new in London time, with the updated .ics: same UID, higher SEQUENCE', () => {
    const mail = eventChange(booking, before, after, CONTEXT);
    expect(mail.to).toBe('ada@example.org');
    expect(mail.subject).toBe('Time changed: Spring Sail');
    expect(mail.text).toContain('Was: Sat 28 March 2026, 10:00 – 13:00 (UK time)');
    expect(mail.text).toContain('Now: Sun 29 March 2026, 10:00 – 13:30 (UK time)');
    expect(mail.text).toContain(CONTEXT.manageUrl);
    expect(mail.html).toContain(
      '<th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">Now</th><td>Sun 29 March 2026, 10:00 – 13:30 (UK time)</td>',
    );
    const confirmation = vevent(bookingConfirmation(booking, before, CONTEXT).attachments[0].content);
    const updated = vevent(mail.attachments[0].content);
    expect(updated.uid).toBe(confirmation.uid);
    expect(updated.sequence).toBeGreaterThan(confirmation.sequence);
    expect(updated.startDate.toJSDate().toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(updated.location).toBe('Kestrel Yacht Club');
    expect(() => eventChange({ ...booking, userEmail: null }, before, after, CONTEXT)).toThrow(RangeError);
  });

  it("one booking's cancellation carries the entry marked CANCELLED, same UID, SEQUENCE above the member's last copy", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.constantFrom('member', 'system', 'uid-1'), (sequence, by) => {
        const event = { ...after, sequence };
        const cancelledBooking = { ...booking, cancelledAt: '2026-03-02T08:00:00.000Z', cancelledBy: by };
        const mail = bookingCancellation(cancelledBooking, event, { clubName: 'Kestrel Yacht Club', calendar: { event, location: 'Kestrel Yacht Club' } });
        const last = vevent(bookingConfirmation(booking, event, CONTEXT).attachments[0].content);
        const entry = vevent(mail.attachments[0].content);
        expect(entry.component.getFirstPropertyValue('status')).toBe('CANCELLED');
        expect(entry.uid).toBe(last.uid);
        expect(entry.sequence).toBeGreaterThan(last.sequence);
      }),
    );
    // The event gone (deleted) or undated: nothing to attach.
    expect(
      bookingCancellation({ ...booking, cancelledAt: NOW.toISOString(), cancelledBy: 'member' }, after, {
        clubName: 'K',
        calendar: { event: null, location: 'K' },
      }).attachments,
    ).toEqual([]);
    expect(
      bookingCancellation({ ...booking, cancelledAt: NOW.toISOString(), cancelledBy: 'member' }, after, {
        clubName: 'K',
        calendar: { event: { ...after, eventdatetime: null }, location: 'K' },
      }).attachments,
    ).toEqual([]);
  });

  it("the event's cancellation e-mail carries the cancelled event's entry, above every copy sent before", () => {
    const decided = cancelEvent(after, 'Gale warning', new Date('2026-03-10T08:00:00.000Z'));
    if (!decided.ok) throw new Error('not cancelled');
    const cancelledBooking = { ...booking, cancelledAt: '2026-03-10T08:00:00.000Z', cancelledBy: 'uid-1' };
    const mail = eventCancellation(cancelledBooking, decided.event, {
      clubName: 'Kestrel Yacht Club',
      calendar: { event: decided.event, location: 'Kestrel Yacht Club' },
    });
    const entry = vevent(mail.attachments[0].content);
    expect(entry.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(entry.uid).toBe(vevent(eventChange(booking, before, after, CONTEXT).attachments[0].content).uid);
    expect(entry.sequence).toBe(after.sequence + 1);
    expect(entry.summary).toBe('Cancelled: Spring Sail');
  });
});
