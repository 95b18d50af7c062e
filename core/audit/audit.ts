import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** A field's value before or after a change, as the record holds it. */
export const AuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof AuditValueSchema>;

export const AuditChangeSchema = z.object({ field: z.string(), before: AuditValueSchema, after: AuditValueSchema });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/**
 * Who did it: an admin (uid and e-mail at the time), a member (through a manage link, or signed in
 * on My club: then their member id), or the system.
 */
export const AuditActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('admin'), uid: z.string(), email: z.string() }),
  z.object({ kind: z.literal('member'), memberId: z.string().optional() }),
  z.object({ kind: z.literal('system') }),
]);
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditRecordTypeSchema = z.enum([
  'booking',
  'event',
  'admin',
  'workDay',
  'document',
  'news',
  'photo',
  'waterLevel',
  'sitePage',
  'member',
  'duty',
  'retention',
  'membershipCategory',
  'membershipSettings',
]);
export type AuditRecordType = z.infer<typeof AuditRecordTypeSchema>;

/**
 * One line of the append-only audit log: who did what to which record, when, and the fields it
 * changed (before and after). Never changed or removed once written.
 */
export const AuditEntrySchema = z.object({
  id: z.string().min(1),
  at: InstantSchema,
  actor: AuditActorSchema,
  /** What was done, e.g. 'booking.cancelled', 'booking.paid-offline', 'event.updated'. */
  action: z.string().min(1).max(100),
  recordType: AuditRecordTypeSchema,
  recordId: z.string().min(1).max(200),
  /** A line an admin reads, e.g. "Cancelled by the member; refund of £25.00 asked of the gateway". */
  summary: z.string().max(1000),
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The text the audit screen shows for an actor. */
export function actorName(actor: AuditActor): string {
  if (actor.kind === 'admin') return actor.email;
  return actorNotAdmin(actor);
}

/** A member or the system, as the audit screen names them. */
export function actorNotAdmin(actor: Exclude<AuditActor, { kind: 'admin' }>): string {
  if (actor.kind === 'system') return 'system';
  return actor.memberId === undefined ? 'member via manage link' : 'the member, on My club';
}

/** The fields that differ between two versions of a record, before and after. */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const a = before[field] as AuditValue;
    const b = after[field] as AuditValue;
    if (a !== b) changes.push({ field, before: a ?? null, after: b ?? null });
  }
  return changes;
}
