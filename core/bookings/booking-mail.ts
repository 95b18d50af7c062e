import { bookedAttendeesText, type Booking } from './booking';
import type { ClubEvent } from '../events/event';
import type { OutgoingMail } from '../mail/mail';
import { icsFileName } from '../events/calendar-span';
import { formatDate, formatDateRange } from '../shared/date-text';
import { icsText, type IcsEvent } from '../events/ics-file';
import { changeLines } from '../events/event-change-notice';
import { formatMoney } from '../shared/money';
import { composeMail, type MailParts } from '../mail/compose-mail';
import { refundOwedByHand } from './booking-state';
import { bookingPrice } from './booking-amendment';

/** What every e-mail about a booking needs besides the booking and its event. */
export interface BookingMailContext {
  clubName: string;
  /** The event's place, as the calendar files give it. */
  location: string;
  /** The member's manage link, in full (PUBLIC_BASE_URL and the signed token). */
  manageUrl: string;
  /** The event's booking page, in full, for the calendar file's link (as the club's feed gives it). */
  eventUrl?: string;
}

/** The lines that describe the booking, in the order the e-mail and the manage page give them. */
export function bookingDetails(booking: Booking, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): [string, string][] {
  const lines: [string, string][] = [
    ['Event', booking.eventName],
    ['When', `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)`],
    ['Booking reference', booking.reference ?? booking.id],
    ['Name', `${booking.firstName} ${booking.lastName}`],
    ['Attending', String(booking.numberAttending)],
  ];
  if (booking.numberOfChildren > 0) lines.push(['Children', String(booking.numberOfChildren)]);
  if (booking.householdAttendees.length > 0) lines.push(['Household attending', bookedAttendeesText(booking.householdAttendees)]);
  if (booking.numberOfSoftDrinks > 0) lines.push(['Soft drinks', String(booking.numberOfSoftDrinks)]);
  if (booking.numberOfVegetarian > 0) lines.push(['Vegetarian meals', String(booking.numberOfVegetarian)]);
  if (booking.boatName) lines.push(['Boat', booking.boatName]);
  if (booking.paymentAmount !== null && booking.paymentCurrency !== null) {
    // A changed booking's price: what was charged with every change's difference (its refunds are lines of their own).
    const price = bookingPrice(booking);
    lines.push(['Paid', booking.paid ? formatMoney(price, booking.paymentCurrency) : `${formatMoney(price, booking.paymentCurrency)} (not yet paid)`]);
  }
  return lines;
}

/** One e-mail about a booking: greeting, paragraphs, the booking's details, an optional link, sign-off. */
function bookingMail(booking: Booking, details: [string, string][], parts: MailParts): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  return composeMail(booking.firstName, details, parts);
}

/**
 * The confirmation a member gets once the booking holds its places for good (at once for a free
 * event, once paid for a paid one): the booking's details in London time, the event's calendar
 * file (the same file as the calendar's Add to My Calendar) and the manage link; plain text and
 * simple HTML with the same words. Only for a booking with an e-mail address.
 */
export function bookingConfirmation(booking: Booking, event: ClubEvent, context: BookingMailContext): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no confirmation');
  const mail = bookingMail(booking, bookingDetails(booking, event), {
    subject: `Booking confirmed: ${booking.eventName}`,
    paragraphs: [`Thank you for booking with ${context.clubName}. Your booking is confirmed.`],
    link: { lead: 'To see your booking, add it to your calendar or cancel it, use this link:', text: 'Manage my booking', url: context.manageUrl },
    clubName: context.clubName,
  });
  return { to: booking.userEmail, ...mail, attachments: calendarAttachments(event, context, booking) };
}

/**
 * The event's calendar file (the same file as the calendar's Add to My Calendar), when it has a
 * date. Its SEQUENCE is the event's revision plus the booking's own changes: each "Booking
 * changed" e-mail raised it, so every later copy (a reminder, a moved event's) must stay above.
 */
function calendarAttachments(event: ClubEvent, context: BookingMailContext, booking: Pick<Booking, 'amendments'>): OutgoingMail['attachments'] {
  const copy: ClubEvent = { ...event, sequence: event.sequence + booking.amendments.length };
  return event.eventdatetime
    ? [
        {
          filename: icsFileName(event.name),
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: icsText(copy, context.location, context.eventUrl),
        },
      ]
    : [];
}

/**
 * The reminder a member gets some days before the event (core/reminders/reminders.ts): when it is,
 * in London time, the booking's details, the event's calendar file and the manage link. Only for
 * a booking with an e-mail address.
 */
export function bookingReminder(booking: Booking, event: ClubEvent, context: BookingMailContext): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no reminder');
  const when = formatDateRange(event.eventdatetime, event.eventenddatetime, 'member');
  const mail = bookingMail(booking, bookingDetails(booking, event), {
    subject: `Reminder: ${booking.eventName}, ${formatDate(event.eventdatetime, 'member')}`,
    paragraphs: [`This is a reminder of your booking with ${context.clubName}: ${booking.eventName}, ${when} (UK time). We look forward to seeing you.`],
    link: { lead: 'To see your booking or add it to your calendar, use this link:', text: 'Manage my booking', url: context.manageUrl },
    clubName: context.clubName,
  });
  return { to: booking.userEmail, ...mail, attachments: calendarAttachments(event, context, booking) };
}

/**
 * The e-mail of an event that moved (core/events/event-change-notice.ts): when it was and when it
 * is now, in London time, the admin's reason for the move when given (a postponement's), the booking as it stands, the updated calendar file (the same UID as the
 * confirmation's, a higher SEQUENCE, so the member's calendar moves its entry) and the manage link
 * (to cancel if the new time does not suit). Only for a booking with an e-mail address.
 */
export function eventChange(
  booking: Booking,
  before: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>,
  after: ClubEvent,
  context: BookingMailContext & { reason?: string | null },
): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  const reasonLines: [string, string][] = context.reason ? [['Reason', context.reason]] : [];
  const mail = bookingMail(
    booking,
    [...changeLines(before, after), ...reasonLines, ...bookingDetails({ ...booking, eventName: after.name }, after).filter(([label]) => label !== 'When')],
    {
      subject: `Time changed: ${after.name}`,
      paragraphs: [
        `${context.clubName} has changed the time of ${after.name}. Your booking stands for the new time; the calendar file with this e-mail updates the entry in your calendar.`,
      ],
      // A paid member is told the cancellation refunds them in full, as the member's own cancellation does.
      link: {
        lead:
          booking.paid && (booking.paymentAmount ?? 0) > 0
            ? 'If the new time does not suit you, you can cancel your booking with this link and what you paid is refunded in full:'
            : 'If the new time does not suit you, you can see or cancel your booking with this link:',
        text: 'Manage my booking',
        url: context.manageUrl,
      },
      clubName: context.clubName,
    },
  );
  return { to: booking.userEmail, ...mail, attachments: calendarAttachments(after, context, booking) };
}

/** The event's calendar file for a cancellation e-mail: where it goes, and the event (null: the event is gone). */
export interface CancellationCalendar {
  event: ClubEvent | null;
  location: string;
  eventUrl?: string;
}

/**
 * The calendar file a cancellation e-mail carries, so the entry leaves the member's calendar: the
 * event's entry (same UID) with STATUS:CANCELLED and a SEQUENCE above every copy the member was
 * sent. For a called-off event that is the event as now stored (its cancellation raised the
 * SEQUENCE); for one booking cancelled while the event stands, the event's revision plus one.
 * None for an undated or deleted event.
 */
export function cancelledCalendarAttachments(
  booking: Pick<Booking, 'cancelledAt'> & { amendments?: Booking['amendments'] },
  calendar: CancellationCalendar | undefined,
): OutgoingMail['attachments'] {
  const event = calendar?.event ?? null;
  if (event === null || !event.eventdatetime) return [];
  const cancelledCopy: IcsEvent =
    event.cancelledAt !== null
      ? event
      : {
          ...event,
          cancelledAt: booking.cancelledAt ?? event.updatedAt,
          cancelReason: 'your booking has been cancelled, so this entry leaves your calendar.',
          updatedAt: booking.cancelledAt ?? event.updatedAt,
          // Above the copies the member's own changes of the booking sent (changedBookingMail).
          sequence: event.sequence + 1 + (booking.amendments?.length ?? 0),
        };
  return [
    {
      filename: icsFileName(event.name),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: icsText(cancelledCopy, calendar?.location ?? '', calendar?.eventUrl),
    },
  ];
}

/** The words an e-mail gives a refund, as the booking now holds it. */
export function refundLine(booking: Pick<Booking, 'refundStatus' | 'refundAmount' | 'paymentCurrency' | 'paymentMethod'>): string | null {
  if (booking.refundStatus === null || booking.refundAmount === null || booking.paymentCurrency === null) return null;
  const amount = formatMoney(booking.refundAmount, booking.paymentCurrency);
  if (booking.refundStatus === 'refunded') {
    return booking.paymentMethod === 'card' || booking.paymentMethod === null
      ? `We have refunded ${amount} to your card. It usually reaches your account within 5 to 10 working days.`
      : `The club has repaid you ${amount}.`;
  }
  // Cash or a transfer is repaid by a person: never "could not be made automatically".
  if (refundOwedByHand(booking))
    return `You paid ${amount} ${booking.paymentMethod === 'transfer' ? 'by bank transfer' : 'in cash'}; the club will repay you by hand.`;
  return `Your refund of ${amount} could not be made automatically. The club has been told and will refund you.`;
}

/**
 * The e-mail of a cancelled booking: by the member, by an admin, or because a payment arrived
 * after the places had gone. Says what happens to the money.
 */
export function bookingCancellation(
  booking: Booking,
  event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'> & { cancelledAt?: string | null; cancelReason?: string | null },
  context: { clubName: string; calendar?: CancellationCalendar },
): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  // The event called off (core/bookings/event-cancellation.ts): every booking cancelled by the admin who did it.
  if (event.cancelledAt && booking.cancelledBy !== 'member' && booking.cancelledBy !== 'system') return eventCancellation(booking, event, context);
  const why =
    booking.cancelledBy === 'member'
      ? 'Your booking has been cancelled, as you asked. Your places have been released.'
      : booking.cancelledBy === 'system'
        ? 'Your payment arrived after the 30 minutes your places were held for, and the event is now full, so your booking could not be kept.'
        : `Your booking has been cancelled by ${context.clubName}.`;
  const refund = refundLine(booking);
  const reason = booking.cancelReason?.trim() ?? '';
  const mail = bookingMail(
    booking,
    bookingDetails({ ...booking }, event).filter(([label]) => label !== 'Paid'),
    {
      subject: `Booking cancelled: ${booking.eventName}`,
      paragraphs: [why, ...(reason !== '' ? [`The reason: ${reason}`] : []), ...(refund ? [refund] : [])],
      link: null,
      clubName: context.clubName,
    },
  );
  return { to: booking.userEmail, ...mail, attachments: cancelledCalendarAttachments(booking, context.calendar) };
}

/**
 * The e-mail of a booking cancelled because the club called the event off: names the event, the
 * reason the admin gave, and what happens to the money (refundLine).
 */
export function eventCancellation(
  booking: Booking,
  event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'> & { cancelReason?: string | null },
  context: { clubName: string; calendar?: CancellationCalendar },
): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  const when = formatDateRange(event.eventdatetime, event.eventenddatetime, 'member');
  const reason = event.cancelReason?.trim() ?? '';
  const paragraphs = [
    `We are sorry: ${context.clubName} has cancelled ${booking.eventName} (${when}, UK time), and your booking with it.`,
    ...(reason !== '' ? [`The reason: ${reason}`] : []),
    refundLine(booking) ?? 'Nothing was paid for this booking, so there is nothing to refund.',
  ];
  const mail = bookingMail(
    booking,
    bookingDetails(booking, event).filter(([label]) => label !== 'Paid'),
    { subject: `Event cancelled: ${booking.eventName}`, paragraphs, link: null, clubName: context.clubName },
  );
  return { to: booking.userEmail, ...mail, attachments: cancelledCalendarAttachments(booking, context.calendar) };
}

/** The e-mail of a refund made after the cancellation (an admin's retry of a refund that had failed). */
export function bookingRefund(booking: Booking, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>, context: { clubName: string }): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  const mail = bookingMail(
    booking,
    bookingDetails(booking, event).filter(([label]) => label !== 'Paid'),
    { subject: `Refund made: ${booking.eventName}`, paragraphs: [refundLine(booking) ?? 'Your refund has been made.'], link: null, clubName: context.clubName },
  );
  return { to: booking.userEmail, ...mail, attachments: [] };
}

/**
 * The e-mail of a booking the member changed through the manage link: the booking's new details,
 * what happens to the money, the manage link, and the event's calendar file with the same UID as
 * the confirmation's and a higher SEQUENCE (the event's revision plus the booking's number of
 * changes), so the member's calendar updates its entry. Only for a booking with an e-mail address.
 */
export function bookingChanged(booking: Booking, event: ClubEvent, context: BookingMailContext & { money: string | null }): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  const mail = bookingMail(booking, bookingDetails(booking, event), {
    subject: `Booking changed: ${booking.eventName}`,
    paragraphs: [`Your booking has been changed, as you asked. It now stands as below.`, ...(context.money ? [context.money] : [])],
    link: { lead: 'To see your booking, change it again or cancel it, use this link:', text: 'Manage my booking', url: context.manageUrl },
    clubName: context.clubName,
  });
  return { to: booking.userEmail, ...mail, attachments: calendarAttachments(event, context, booking) };
}

/**
 * The member's e-mail when a larger change's payment came after its held places had gone: the
 * booking stays as it was and the payment is refunded (or, `refunded` false, is to be by the club).
 */
export function bookingChangeRefunded(booking: Booking, amount: string, context: { clubName: string; manageUrl: string; refunded: boolean }): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no e-mail');
  const money = context.refunded
    ? `The ${amount} you paid for the change has been refunded to your card.`
    : `The club will refund the ${amount} you paid for the change.`;
  const mail = composeMail(
    booking.firstName,
    [
      ['Event', booking.eventName],
      ['Booking reference', booking.reference ?? booking.id],
      ['Attending', String(booking.numberAttending)],
    ],
    {
      subject: `Booking not changed: ${booking.eventName}`,
      paragraphs: [
        `Your payment for changing your booking arrived after the extra places had gone, so your booking was not changed. It stands as before.`,
        money,
      ],
      link: { lead: 'To see your booking, change it again or cancel it, use this link:', text: 'Manage my booking', url: context.manageUrl },
      clubName: context.clubName,
    },
  );
  return { to: booking.userEmail, ...mail, attachments: [] };
}
