import type { ClubEvent } from '../entities/event';
import type { OutgoingMail } from '../entities/mail';
import type { WaitlistEntry } from '../entities/waitlist-entry';
import { escapeHtml } from './booking-mail';
import { formatDate, formatDateRange } from './calendar';

/**
 * The e-mail a member gets on joining an event's waiting list: what they wait for and the link
 * to leave the list. Plain text and simple HTML with the same words.
 */
export function waitlistJoinedMail(
  entry: WaitlistEntry,
  event: Pick<ClubEvent, 'name' | 'eventdatetime' | 'eventenddatetime'>,
  context: { clubName: string; leaveUrl: string },
): OutgoingMail {
  const subject = `On the waiting list: ${event.name}`;
  const paragraphs = [
    `You are on the waiting list for ${event.name}, for ${entry.places} ${entry.places === 1 ? 'place' : 'places'}.`,
    'When places free up, the first person in line whose places fit is e-mailed an offer that holds them for a while. We will e-mail you when it is your turn.',
  ];
  const details: [string, string][] = [
    ['Event', event.name],
    ['When', event.eventdatetime ? `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)` : 'To be announced'],
    ['Name', entry.name],
    ['Places wanted', String(entry.places)],
  ];
  const lead = 'To leave the waiting list, use this link:';
  const greeting = `Dear ${entry.name},`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...details.map(([l, v]) => `${l}: ${v}`), '', lead, context.leaveUrl, '', context.clubName].join('\n');
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(([l, v]) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(lead)}<br><a href="${escapeHtml(context.leaveUrl)}">Leave the waiting list</a></p>`,
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: entry.email, subject, text, html, attachments: [] };
}

/**
 * The offer: places have freed up and are held for the member until `offeredUntil`; the link
 * opens the booking form with their details filled in.
 */
export function waitlistOfferMail(
  entry: WaitlistEntry,
  event: Pick<ClubEvent, 'name' | 'eventdatetime' | 'eventenddatetime'>,
  context: { clubName: string; bookUrl: string; offeredUntil: string },
): OutgoingMail {
  const until = `${formatDate(context.offeredUntil, 'member')} (UK time)`;
  const subject = `Places for you: ${event.name}`;
  const paragraphs = [
    `Good news: ${entry.places} ${entry.places === 1 ? 'place has' : 'places have'} freed up at ${event.name}, and we are holding ${entry.places === 1 ? 'it' : 'them'} for you until ${until}.`,
    'To book, use the link below before then. If you do not, the places are offered to the next person on the waiting list.',
  ];
  const details: [string, string][] = [
    ['Event', event.name],
    ['When', event.eventdatetime ? `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)` : 'To be announced'],
    ['Places held', String(entry.places)],
    ['Held until', until],
  ];
  const lead = 'To book your places, use this link:';
  const greeting = `Dear ${entry.name},`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...details.map(([l, v]) => `${l}: ${v}`), '', lead, context.bookUrl, '', context.clubName].join('\n');
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(([l, v]) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(lead)}<br><a href="${escapeHtml(context.bookUrl)}">Book my places</a></p>`,
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: entry.email, subject, text, html, attachments: [] };
}

/**
 * The event has been called off: a member still in line (waiting, or holding an offer) is told,
 * with the reason members are given, and that they are no longer on the list.
 */
export function waitlistEventCancelledMail(
  entry: WaitlistEntry,
  event: Pick<ClubEvent, 'name' | 'eventdatetime' | 'eventenddatetime' | 'cancelReason'>,
  context: { clubName: string },
): OutgoingMail {
  const subject = `Event cancelled: ${event.name}`;
  const paragraphs = [
    `We are sorry: ${event.name} has been cancelled${event.cancelReason ? `. The reason: ${event.cancelReason}` : ''}.`,
    `You were on its waiting list for ${entry.places} ${entry.places === 1 ? 'place' : 'places'}; the list is now closed and you need do nothing. No money was taken.`,
  ];
  const details: [string, string][] = [
    ['Event', event.name],
    ['When', event.eventdatetime ? `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)` : 'To be announced'],
    ['Name', entry.name],
  ];
  const greeting = `Dear ${entry.name},`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...details.map(([l, v]) => `${l}: ${v}`), '', context.clubName].join('\n');
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f23;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(([l, v]) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(context.clubName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: entry.email, subject, text, html, attachments: [] };
}
