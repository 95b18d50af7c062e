import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { OutboxDeliveryShape, OutboxStatusSchema, type OutboxMessage } from './mail';
import { permittedInput, permittedRecord } from '../admins/admin-record';
import { withholdCapabilityLinks } from '../shared/capability-links';
import { SECRET_MAIL_KINDS } from './secret-mail-kinds';
import type { Outbox } from './outbox.port';
import { UseCase } from '../shared/use-case';

/** At most this many messages are listed at once, the newest; the answer says when there are more. */
export const OUTBOX_LIST_LIMIT = 200;

export const MESSAGE_NOT_FOUND = 'Message not found';

/** Which messages to list: one status or all, and optionally only one record's (a booking id). */
export const OutboxListQuerySchema = z.object({ status: OutboxStatusSchema.optional(), recordId: z.string().min(1).max(200).optional() });
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

/** One row of the admin's list: who, what, and what happened so far (no bodies). */
export const OutboxRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  recordId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  ...OutboxDeliveryShape,
});
export type OutboxRow = z.infer<typeof OutboxRowSchema>;

export const OutboxListSchema = z.object({
  /** Newest first. */
  messages: z.array(OutboxRowSchema),
  /** True when more messages match than are listed (the oldest are left off). */
  more: z.boolean(),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** One message as it would be sent: both parts of the body, and its files by name. */
export const OutboxMessageDetailSchema = OutboxRowSchema.extend({
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().min(0) })),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

export function outboxRow(message: OutboxMessage): OutboxRow {
  const { id, kind, recordId, status, createdAt, queuedAt, attempts, nextAttemptAt, lastError, sentAt } = message;
  return { id, kind, recordId, to: message.mail.to, subject: message.mail.subject, status, createdAt, queuedAt, attempts, nextAttemptAt, lastError, sentAt };
}

/** What the Mail screen shows instead of the body of a message that holds a secret (a reset link, a sign-in code). */
export const SECRET_MAIL_WITHHELD = 'Not shown: this e-mail holds a password-reset link or a sign-in code, which only its recipient may see.';

export function outboxDetail(message: OutboxMessage): OutboxMessageDetail {
  if (SECRET_MAIL_KINDS.includes(message.kind)) {
    // Another admin reading the link could take over the account: only who and when are shown.
    return { ...outboxRow(message), text: SECRET_MAIL_WITHHELD, html: `<p>${SECRET_MAIL_WITHHELD}</p>`, attachments: [] };
  }
  // A member's manage, offer, leave or withdraw link acts for the member: admins read the message
  // without it (core/shared/capability-links.ts), whatever their permissions.
  return {
    ...outboxRow(message),
    text: withholdCapabilityLinks(message.mail.text),
    html: withholdCapabilityLinks(message.mail.html),
    attachments: message.mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: new TextEncoder().encode(a.content).length })),
  };
}

export interface OutboxAdminDeps {
  outbox: Outbox;
}

/** The admin's list of e-mails in the outbox, newest first, by status and record. */
export class ListOutbox extends UseCase<OutboxAdminDeps> {
  async execute(admin: Admin, query: unknown = {}): Promise<OutboxList> {
    const filter = permittedInput(admin, 'mail.read', OutboxListQuerySchema, query);
    const found = await this.deps.outbox.list({ ...filter, limit: OUTBOX_LIST_LIMIT + 1 });
    return { messages: found.slice(0, OUTBOX_LIST_LIMIT).map(outboxRow), more: found.length > OUTBOX_LIST_LIMIT };
  }
}

/** One e-mail of the outbox, with its text and HTML as they would be sent. */
export class GetOutboxMessage extends UseCase<OutboxAdminDeps> {
  async execute(admin: Admin, id: string): Promise<OutboxMessageDetail> {
    const message = await permittedRecord(admin, 'mail.read', () => this.deps.outbox.get(id), MESSAGE_NOT_FOUND);
    return outboxDetail(message);
  }
}
