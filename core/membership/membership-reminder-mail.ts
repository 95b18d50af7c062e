import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import type { Member } from '../members/member';
import { calendarDateText } from '../shared/london-time';
import { PATHS } from '../shared/paths';

/** The outbox kind of a renewal reminder (docs/membership.md, "Reminder mails and the renewal link"). */
export const MEMBERSHIP_REMINDER_KIND = 'membership-reminder';

/** The renewal page a reminder's link opens once the member is signed in. */
export const RENEW_PATH = PATHS.renew;

/** The page a reminder's link lands on: it signs in only when the member presses its button (a POST). */
export const RENEWAL_LINK_PATH = PATHS.renewalLink;

/**
 * How long a reminder's link signs in: 14 days after the mail. Long enough for a member who reads
 * the mail late (a holiday); short enough that an old mail does not stay a key to the account. The
 * next reminder brings a fresh link, and a code sign-in always works.
 */
export const RENEWAL_LINK_DAYS = 14;
export const RENEWAL_LINK_MS = RENEWAL_LINK_DAYS * 86_400_000;

/**
 * The outbox id of one reminder: per member, membership end and reminder day. It is also the
 * record that the reminder went: written once (Outbox.addOnce), so a job run twice, or two
 * instances at once, write one mail.
 */
export function membershipReminderId(memberId: string, end: string, day: number): string {
  return `${MEMBERSHIP_REMINDER_KIND}-${memberId}-${end}-${day}d`;
}

/**
 * The signer of renewal links: a signed, unguessable token naming one subject (renewalLinkSubject)
 * until an expiry; nobody can make one for another subject or stretch one past its expiry. The
 * server's is the HMAC signer the booking links use (adapters/node-crypto/hmac-booking-links.ts),
 * under its own purpose 'renewal-sign-in', so no other link's token reads as one.
 */
export interface RenewalLinks {
  /** A token for this subject, valid until `expiresAt`. */
  issue(subject: string, expiresAt: Date): string;
  /**
   * The subject the token names; null when it is forged, altered, malformed or expired at `now`.
   * The expiry is judged against `now` alone, so reading at an earlier moment (the epoch) tells a
   * signed but expired token from a forged one.
   */
  read(token: string, now: Date): string | null;
}

/**
 * What a renewal link names: the member and a tag of their e-mail (the first 16 characters of the
 * keyed e-mail hash, nothing readable), so a link is refused once the member's e-mail changed.
 */
export function renewalLinkSubject(memberId: string, emailKey: string): string {
  return `${memberId}|${emailKey.slice(0, 16)}`;
}

/** The member id and e-mail tag a renewal link's subject names, or null when it is not one. */
export function readRenewalLinkSubject(subject: string): { memberId: string; emailTag: string } | null {
  const bar = subject.lastIndexOf('|');
  if (bar <= 0) return null;
  const emailTag = subject.slice(bar + 1);
  return /^[0-9a-f]{16}$/.test(emailTag) ? { memberId: subject.slice(0, bar), emailTag } : null;
}

/** The path of the renewal link carrying `token`. */
export function renewalLinkPath(token: string): string {
  return `${RENEWAL_LINK_PATH}?token=${encodeURIComponent(token)}`;
}

/** The subject and first words of a reminder: before the end, on the day, or after it. */
export function reminderWording(end: string, day: number): { subject: string; opening: string } {
  const date = calendarDateText(end);
  if (day < 0) return { subject: `Your membership ends on ${date}`, opening: `Your membership ends on ${date}.` };
  if (day === 0) return { subject: 'Your membership ends today', opening: `Your membership ends today, ${date}.` };
  return { subject: `Your membership ended on ${date}`, opening: `Your membership ended on ${date}.` };
}

/** A renewal reminder: plain words, when the membership ends (or ended), and the link that signs in and opens the renewal. */
export function membershipReminderMail(
  member: Pick<Member, 'name' | 'email'>,
  end: string,
  day: number,
  context: { clubName: string; renewUrl: string },
): OutgoingMail {
  const { subject, opening } = reminderWording(end, day);
  const parts = composeMail(member.name, [], {
    subject,
    paragraphs: [
      opening,
      day > 0 ? 'You can still renew it online.' : 'You can renew it online now.',
      `The link below signs you in and opens the renewal. It works for ${RENEWAL_LINK_DAYS} days; after that, sign in with your e-mail on the website.`,
    ],
    link: { lead: 'Renew your membership:', text: 'Renew your membership', url: context.renewUrl },
    clubName: context.clubName,
  });
  return { to: member.email, ...parts, attachments: [] };
}
