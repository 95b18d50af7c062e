import type { ClubEvent } from '../events/event';
import { composeMail } from '../mail/compose-mail';
import type { OutboxMessage } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import { formatDateRange } from '../shared/date-text';
import { eventBookingPath } from '../shared/paths';
import type { Announcement } from './announcement';
import type { AnnouncementRecipient } from './announcement-recipients';

export const ANNOUNCEMENT_MAIL_KIND = 'announcement';
const SUBJECT_MAX = 300;

/**
 * The outbox id of one person's copy: the announcement's id and the person's address key, so a
 * send repeated with the same id (a resend from the officer's queue, a double click, two at once)
 * writes each person's e-mail once (docs/notifications.md#sent-once).
 */
export function announcementMailId(announcementId: string, recipientKey: string): string {
  // Encoded: an address may hold a slash, which no Firestore document id may.
  return `announcement-${announcementId}-${encodeURIComponent(recipientKey)}`;
}

/** Paragraphs as the admin typed them: a blank line starts a new one. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * One person's copy: subject "<subject> – <event>", the words, the event and when, who sent it,
 * and the event's page; replies go to `announcement.replyTo`.
 */
export function announcementMail(
  announcement: Announcement,
  event: Pick<ClubEvent, 'id' | 'name' | 'eventdatetime' | 'eventenddatetime'>,
  recipient: Pick<AnnouncementRecipient, 'email' | 'key' | 'name'>,
  site: { clubName: string; publicBaseUrl: string },
): OutboxMessage {
  const subject = `${announcement.subject} – ${event.name}`.slice(0, SUBJECT_MAX);
  const mail = composeMail(
    recipient.name,
    [
      ['Event', event.name],
      ['When', formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')],
      ['From', announcement.authorName],
    ],
    {
      subject,
      paragraphs: [...paragraphsOf(announcement.text), `Reply to this e-mail to answer ${announcement.authorName}.`],
      link: { lead: "The event's page:", text: event.name, url: `${site.publicBaseUrl}${eventBookingPath(event.id)}` },
      clubName: site.clubName,
    },
  );
  return newOutboxMessage(
    announcementMailId(announcement.id, recipient.key),
    ANNOUNCEMENT_MAIL_KIND,
    announcement.id,
    { to: recipient.email, replyTo: announcement.replyTo, attachments: [], ...mail },
    new Date(announcement.sentAt),
  );
}
