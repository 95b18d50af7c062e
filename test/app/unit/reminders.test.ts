import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingConfirmation, bookingReminder } from '../../../core/bookings/booking-mail';
import { escapeHtml } from '../../../core/mail/compose-mail';
import { icsText } from '../../../core/events/ics-file';
import { confirmedAt, eventRemindersJob, getsReminder, reminderMessageId, reminderMoment, remindersDue } from '../../../core/reminders/reminders';
import { makeBooking, makeEvent } from '../../support/unit/domain-fixtures';

const DAY = 86_400_000;
const START = '2026-07-04T09:00:00.000Z';
const startMs = Date.parse(START);
const event = makeEvent({ id: 'autumn-race', name: 'Autumn Race', eventdatetime: START, eventenddatetime: '2026-07-04T12:00:00.000Z' });

describe('when an event sends its reminders', () => {
  it('REMINDER_DAYS_BEFORE days of 24 hours before the start; none when turned off, undated or set to 0', () => {
    expect(reminderMoment(event, 2)?.toISOString()).toBe('2026-07-02T09:00:00.000Z');
    expect(reminderMoment({ ...event, remindersOff: false }, 1)?.toISOString()).toBe('2026-07-03T09:00:00.000Z');
    expect(reminderMoment({ ...event, remindersOff: true }, 2)).toBeNull();
    expect(reminderMoment({ ...event, eventdatetime: null }, 2)).toBeNull();
    expect(reminderMoment(event, 0)).toBeNull();
  });

  it('due from that moment until the event begins, never before or after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: -70 * DAY, max: 2 * DAY }), fc.boolean(), (days, offset, off) => {
        const now = new Date(startMs + offset);
        const due = remindersDue({ ...event, remindersOff: off }, now, days);
        expect(due).toBe(!off && offset >= -days * DAY && offset < 0);
      }),
    );
  });

  it("one job per event and start, whatever the moment it is made; the reminder's id is the booking's", () => {
    const now = new Date(startMs - DAY);
    const job = eventRemindersJob(event, now);
    expect(job).toMatchObject({
      kind: 'event-reminders',
      payload: { eventId: 'autumn-race', start: START },
      status: 'pending',
      nextAttemptAt: now.toISOString(),
    });
    expect(eventRemindersJob(event, new Date(startMs - 1000)).id).toBe(job.id);
    expect(eventRemindersJob({ ...event, eventdatetime: '2026-07-11T09:00:00.000Z' }, now).id).not.toBe(job.id);
    expect(reminderMessageId('bk-1')).toBe('reminder-bk-1');
  });
});

describe('which bookings get a reminder', () => {
  const moment = new Date(startMs - 2 * DAY);
  const before = new Date(moment.getTime() - 60_000).toISOString();
  const after = new Date(moment.getTime() + 60_000).toISOString();

  it('a confirmed booking with an e-mail, confirmed by the moment: free when made, paid when paid', () => {
    expect(getsReminder(makeBooking({ userEmail: 'a@example.org', submittedAt: before }), moment)).toBe(true);
    expect(getsReminder(makeBooking({ userEmail: 'a@example.org', submittedAt: moment.toISOString() }), moment)).toBe(true);
    const paid = makeBooking({
      userEmail: 'a@example.org',
      submittedAt: before,
      paymentRequired: true,
      paid: true,
      paymentAmount: 1000,
      paymentCurrency: 'GBP',
      paymentCompletedAt: before,
    });
    expect(getsReminder(paid, moment)).toBe(true);
    expect(getsReminder(makeBooking({ ...paid, paymentMethod: 'cash' }), moment)).toBe(true);
  });

  it('none without an e-mail, cancelled, unpaid (hold running or lapsed), or confirmed after the moment', () => {
    const base = makeBooking({ userEmail: 'a@example.org', submittedAt: before });
    expect(getsReminder({ ...base, userEmail: null }, moment)).toBe(false);
    expect(getsReminder({ ...base, userEmail: '' }, moment)).toBe(false);
    expect(getsReminder(makeBooking({ ...base, cancelledAt: before, cancelledBy: 'member' }), moment)).toBe(false);
    expect(getsReminder(makeBooking({ ...base, paymentRequired: true, paid: false, paymentAmount: 1000, paymentCurrency: 'GBP' }), moment)).toBe(false);
    expect(getsReminder({ ...base, submittedAt: after }, moment)).toBe(false);
    const paidLate = makeBooking({ ...base, paymentRequired: true, paid: true, paymentAmount: 1000, paymentCurrency: 'GBP', paymentCompletedAt: after });
    expect(getsReminder(paidLate, moment)).toBe(false);
  });

  it('for any booking: a reminder exactly when it has an e-mail and stood confirmed at the moment', () => {
    fc.assert(
      fc.property(
        fc.record({
          email: fc.option(fc.constant('m@example.org'), { nil: null }),
          submittedOffset: fc.integer({ min: -10 * DAY, max: DAY }),
          paidOffset: fc.option(fc.integer({ min: 0, max: 5 * DAY }), { nil: null }),
          paymentRequired: fc.boolean(),
          cancelled: fc.boolean(),
        }),
        ({ email, submittedOffset, paidOffset, paymentRequired, cancelled }) => {
          const submitted = moment.getTime() + submittedOffset;
          const booking = makeBooking({
            userEmail: email,
            submittedAt: new Date(submitted).toISOString(),
            paymentRequired,
            paid: paymentRequired && paidOffset !== null,
            paymentAmount: paymentRequired ? 1000 : null,
            paymentCurrency: paymentRequired ? 'GBP' : null,
            paymentCompletedAt: paymentRequired && paidOffset !== null ? new Date(submitted + paidOffset).toISOString() : null,
            cancelledAt: cancelled ? new Date(submitted).toISOString() : null,
          });
          const confirmed = cancelled ? null : !paymentRequired ? submitted : paidOffset === null ? null : submitted + paidOffset;
          expect(confirmedAt(booking)?.getTime() ?? null).toBe(confirmed);
          expect(getsReminder(booking, moment)).toBe(email !== null && confirmed !== null && confirmed <= moment.getTime());
        },
      ),
    );
  });
});

describe('the reminder e-mail', () => {
  const CONTEXT = { clubName: 'Kestrel Yacht Club', location: 'Kestrel Yacht Club', manageUrl: 'https://members.kestrel-yc.example/my-booking?token=abc.def' };
  const booking = makeBooking({
    id: 'bk-9',
    eventId: event.id,
    eventName: event.name,
    firstName: 'Grace',
    lastName: 'Hopper',
    userEmail: 'grace@example.org',
    numberAttending: 2,
  });

  it('says which event, when in London time, the booking, and the manage link; with the calendar file', () => {
    const mail = bookingReminder(booking, event, CONTEXT);
    expect(mail.to).toBe('grace@example.org');
    expect(mail.subject).toBe('Reminder: Autumn Race, Sat 4 July 2026, 10:00');
    for (const line of [
      'Dear Grace,',
      'Autumn Race, Sat 4 July 2026, 10:00 – 13:00 (UK time)',
      'When: Sat 4 July 2026, 10:00 – 13:00 (UK time)',
      'Booking reference: bk-9',
      'Attending: 2',
      CONTEXT.manageUrl,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(`<a href="${CONTEXT.manageUrl}">Manage my booking</a>`);
    const [file] = mail.attachments;
    expect(file).toEqual(bookingConfirmation(booking, event, CONTEXT).attachments[0]);
    expect(file.content).toBe(icsText(event, CONTEXT.location));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(START);
  });

  it('refuses a booking without an e-mail, and never lets what a member typed become HTML', () => {
    expect(() => bookingReminder({ ...booking, userEmail: null }, event, CONTEXT)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, unit: fc.constantFrom('a', '<', '>', '&', '"', "'", ' ', 'b') }),
        fc.string({ minLength: 1 }),
        (firstName, eventName) => {
          const html = bookingReminder({ ...booking, firstName, eventName }, event, CONTEXT).html;
          expect(html).toContain(escapeHtml(`Dear ${firstName},`));
          // Text with a character HTML reads as markup appears only escaped.
          if (/[&<>"']/.test(firstName)) expect(html).not.toContain(`Dear ${firstName},`);
        },
      ),
    );
  });
});
