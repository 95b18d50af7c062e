import type { Booking } from '../entities/booking';
import type { ClubEvent } from '../entities/event';
import type { OutgoingMail } from '../entities/mail';
import { formatDateRange, icsFileName } from './calendar';
import { icsText } from './ics-file';
import { formatMoney } from './pricing';

/** What every e-mail about a booking needs besides the booking and its event. */
export interface BookingMailContext {
  clubName: string;
  /** The event's place, as the calendar files give it. */
  location: string;
  /** The member's manage link, in full (PUBLIC_BASE_URL and the signed token). */
  manageUrl: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text a member typed, safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The lines that describe the booking, in the order the e-mail and the manage page give them. */
export function bookingDetails(booking: Booking, event: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>): [string, string][] {
  const lines: [string, string][] = [
    ['Event', booking.eventName],
    ['When', `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)`],
    ['Booking reference', booking.id],
    ['Name', `${booking.firstName} ${booking.lastName}`],
    ['Attending', String(booking.numberAttending)],
  ];
  if (booking.numberOfChildren > 0) lines.push(['Children', String(booking.numberOfChildren)]);
  if (booking.numberOfSoftDrinks > 0) lines.push(['Soft drinks', String(booking.numberOfSoftDrinks)]);
  if (booking.numberOfVegetarian > 0) lines.push(['Vegetarian meals', String(booking.numberOfVegetarian)]);
  if (booking.boatName) lines.push(['Boat', booking.boatName]);
  if (booking.paymentAmount !== null && booking.paymentCurrency !== null) {
    lines.push(['Paid', booking.paid ? formatMoney(booking.paymentAmount, booking.paymentCurrency) : `${formatMoney(booking.paymentAmount, booking.paymentCurrency)} (not yet paid)`]);
  }
  return lines;
}

/**
 * The confirmation a member gets once the booking holds its places for good (at once for a free
 * event, once paid for a paid one): the booking's details in London time, the event's calendar
 * file (the same file as the calendar's Add to My Calendar) and the manage link; plain text and
 * simple HTML with the same words. Only for a booking with an e-mail address.
 */
export function bookingConfirmation(booking: Booking, event: ClubEvent, context: BookingMailContext): OutgoingMail {
  if (!booking.userEmail) throw new RangeError('A booking without an e-mail address gets no confirmation');
  const details = bookingDetails(booking, event);
  const subject = `Booking confirmed: ${booking.eventName}`;
  const greeting = `Dear ${booking.firstName},`;
  const intro = `Thank you for booking with ${context.clubName}. Your booking is confirmed.`;
  const manage = 'To see your booking, add it to your calendar or cancel it, use this link:';
  const text = [greeting, '', intro, '', ...details.map(([label, value]) => `${label}: ${value}`), '', manage, context.manageUrl, '', `${context.clubName}`].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(([label, value]) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(manage)}<br><a href="${escapeHtml(context.manageUrl)}">Manage my booking</a></p>`,
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  const attachments = event.eventdatetime
    ? [{ filename: icsFileName(event.name), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: icsText(event, context.location) }]
    : [];
  return { to: booking.userEmail, subject, text, html, attachments };
}
