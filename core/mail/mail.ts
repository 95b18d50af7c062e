import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** A file sent with an e-mail, held as text (the event's .ics). */
export const MailAttachmentSchema = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(200),
  content: z.string().max(1_000_000),
});
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

/** One e-mail to one member: plain text and simple HTML of the same words, and any files. */
export const OutgoingMailSchema = z.object({
  to: z.string().min(3).max(320),
  /** Where the member's reply goes (the Reply-To header), when not to the sender: an announcement's author. */
  replyTo: z.string().min(3).max(320).optional(),
  subject: z.string().min(1).max(300),
  text: z.string().max(200_000),
  html: z.string().max(400_000),
  attachments: z.array(MailAttachmentSchema).max(5),
});
export type OutgoingMail = z.infer<typeof OutgoingMailSchema>;

/**
 * queued: waiting to be sent (or, with mail off, kept for admins to read); sent: the SMTP server
 * took it; failed: given up after a day of refusals (admins can send it again).
 */
export const OutboxStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

/**
 * What happened to an outbox message so far: the fields the stored message and the admin's list
 * (list-outbox.ts) share.
 */
export const OutboxDeliveryShape = {
  status: OutboxStatusSchema,
  createdAt: InstantSchema,
  /** When it was last queued (written, or sent again by an admin): a day of refusals from here gives up. */
  queuedAt: InstantSchema,
  /** Failed tries since it was last queued. */
  attempts: z.number().int().min(0),
  /** When a queued message is next due to be tried; null once sent or given up. */
  nextAttemptAt: InstantSchema.nullable(),
  /** The SMTP server's answer to the last failed try (kept after a later success or resend). */
  lastError: z.string().nullable(),
  sentAt: InstantSchema.nullable(),
};

/**
 * A push notification that goes with an e-mail, to one member's devices under its own key
 * (docs/notifications.md#push). Written with the e-mail, so in the same atomic step as whatever
 * the e-mail is about; the sender queues it, only if not queued already, when it first takes the
 * e-mail (MailCompanions). Its notification's shape is core/push's, and is checked there.
 */
export const CompanionPushSchema = z.object({
  memberId: z.string().min(1).max(200),
  key: z.string().min(1).max(300),
  notification: z.record(z.string(), z.unknown()),
});

/** An e-mail in the outbox, with what happened to it so far. */
export const OutboxMessageSchema = z.object({
  id: z.string().min(1),
  /** What the message is about, e.g. 'booking-confirmation', and the record it is about. */
  kind: z.string().min(1).max(100),
  recordId: z.string().max(200).nullable(),
  mail: OutgoingMailSchema,
  push: CompanionPushSchema.optional(),
  ...OutboxDeliveryShape,
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
