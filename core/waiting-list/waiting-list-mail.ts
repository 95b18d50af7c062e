import type { ClubEvent } from '../events/event';
import type { OutgoingMail } from '../mail/mail';
import type { WaitingListEntry } from './waiting-list-entry';
import { composeMail } from '../mail/compose-mail';
import { formatDate, formatDateRange } from '../shared/date-text';

/**
 * The e-mail a member gets on joining an event's waiting list: what they wait for and the link
 * to leave the list. Plain text and simple HTML with the same words.
 */
export function waitingListJoinedMail(
  entry: WaitingListEntry,
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
  const link = { lead: 'To leave the waiting list, use this link:', text: 'Leave the waiting list', url: context.leaveUrl };
  return { to: entry.email, ...composeMail(entry.name, details, { subject, paragraphs, link, clubName: context.clubName }), attachments: [] };
}

/**
 * The offer: places have freed up and are held for the member until `offeredUntil`; the link
 * opens the booking form with their details filled in.
 */
export function waitingListOfferMail(
  entry: WaitingListEntry,
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
  const link = { lead: 'To book your places, use this link:', text: 'Book my places', url: context.bookUrl };
  return { to: entry.email, ...composeMail(entry.name, details, { subject, paragraphs, link, clubName: context.clubName }), attachments: [] };
}

/**
 * The event has been called off: a member still in line (waiting, or holding an offer) is told,
 * with the reason members are given, and that they are no longer on the list.
 */
export function waitingListEventCancelledMail(
  entry: WaitingListEntry,
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
  return { to: entry.email, ...composeMail(entry.name, details, { subject, paragraphs, link: null, clubName: context.clubName }), attachments: [] };
}
