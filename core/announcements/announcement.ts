import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * Who an announcement is for (docs/notifications.md#announcements): the event's booked members
 * (each standing booking's booker, and the household contact of the people it names), its waiting
 * list (those still in line) and its duty holders.
 */
export const ANNOUNCEMENT_AUDIENCES = ['booked', 'waiting', 'duty'] as const;
export const AnnouncementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Choose booked, waiting or duty' });
export type AnnouncementAudience = z.infer<typeof AnnouncementAudienceSchema>;

/** How the screens name each audience. */
export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = { booked: 'Booked members', waiting: 'Waiting list', duty: 'On duty' };

export const ANNOUNCEMENT_SUBJECT_MAX = 120;
/** Plain text, short enough to read on a phone at the slipway. */
export const ANNOUNCEMENT_TEXT_MAX = 2000;

export const ANNOUNCEMENT_MESSAGES = {
  audiences: 'Choose who to tell',
  subjectRequired: 'Enter a subject',
  subjectTooLong: `The subject must be at most ${ANNOUNCEMENT_SUBJECT_MAX} characters`,
  textRequired: 'Enter the announcement',
  textTooLong: `The announcement must be at most ${ANNOUNCEMENT_TEXT_MAX} characters`,
  permission: 'You do not have permission to send announcements.',
  notToday: "The officer of the day may send announcements only for today's events",
  idTaken: 'This announcement id is already used for another event',
} as const;

/**
 * What an admin sends: an id made on their device (a UUID: the send's idempotency key, so a
 * resend from the officer's offline queue or a double click sends nothing twice), the audiences,
 * a subject and plain text.
 */
export const SendAnnouncementSchema = z.object({
  id: z.uuid('The id must be a UUID'),
  audiences: z
    .array(AnnouncementAudienceSchema, { error: ANNOUNCEMENT_MESSAGES.audiences })
    .min(1, ANNOUNCEMENT_MESSAGES.audiences)
    .max(ANNOUNCEMENT_AUDIENCES.length, ANNOUNCEMENT_MESSAGES.audiences),
  subject: z
    .string({ error: ANNOUNCEMENT_MESSAGES.subjectRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.subjectRequired)
    .max(ANNOUNCEMENT_SUBJECT_MAX, ANNOUNCEMENT_MESSAGES.subjectTooLong),
  text: z
    .string({ error: ANNOUNCEMENT_MESSAGES.textRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.textRequired)
    .max(ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_MESSAGES.textTooLong),
});
export type SendAnnouncement = z.infer<typeof SendAnnouncementSchema>;
export type SendAnnouncementInput = z.input<typeof SendAnnouncementSchema>;

/** A sent announcement, as stored: written once, with one outbox e-mail per person told. */
export const AnnouncementSchema = z.object({
  id: z.uuid(),
  eventId: z.string().min(1).max(200),
  /** The event's name when it was sent (My club lists announcements of several events). */
  eventName: z.string().min(1).max(200),
  audiences: z.array(AnnouncementAudienceSchema).min(1).max(ANNOUNCEMENT_AUDIENCES.length),
  subject: z.string().min(1).max(ANNOUNCEMENT_SUBJECT_MAX),
  text: z.string().min(1).max(ANNOUNCEMENT_TEXT_MAX),
  /** Where replies go (the e-mails' Reply-To): the announcing admin's address, else the club's FEEDBACK_EMAIL. */
  replyTo: z.string().min(3).max(320),
  /** The admin who sent it (uid) and their name as it was then. */
  authorUid: z.string().min(1).max(200),
  authorName: z.string().min(1).max(200),
  sentAt: InstantSchema,
  /** How many people were e-mailed (each once, whatever their roles). */
  told: z.number().int().nonnegative(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** An announcement as the admin's event page lists it: everything stored. */
export const AdminAnnouncementSchema = AnnouncementSchema;
export const AdminAnnouncementListSchema = z.object({ announcements: z.array(AdminAnnouncementSchema) });
export type AdminAnnouncementList = z.infer<typeof AdminAnnouncementListSchema>;

/** What members see of an announcement: the words and when, nothing of who was told or who wrote it. */
export const MemberAnnouncementSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: InstantSchema,
});
export type MemberAnnouncement = z.infer<typeof MemberAnnouncementSchema>;
export const MemberAnnouncementListSchema = z.object({ announcements: z.array(MemberAnnouncementSchema) });
export type MemberAnnouncementList = z.infer<typeof MemberAnnouncementListSchema>;

/** The answer to a send: the announcement as stored, and whether this request wrote it (false: sent before with this id). */
export const SentAnnouncementSchema = z.object({ result: z.enum(['sent', 'repeated']), announcement: AdminAnnouncementSchema });
export type SentAnnouncement = z.infer<typeof SentAnnouncementSchema>;

/** Newest first, then by id, so every storage lists them alike. */
export function newestAnnouncementsFirst<T extends Pick<Announcement, 'sentAt' | 'id'>>(announcements: readonly T[]): T[] {
  return [...announcements].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
