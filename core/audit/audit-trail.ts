import type { Admin } from '../admins/admin';
import type { AuditRecordType, AuditValue } from './audit';
import { changedFields } from '../bookings/booking-lifecycle';
import { EVENT_DETAIL_FIELDS } from '../events/event-form';
import type { AuditLog } from './audit-log.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';

/** What writing an admin's action to the audit log needs. */
export interface AuditTrailDeps {
  audit: AuditLog;
  ids: IdGenerator;
  clock: Clock;
}

type Flat = Record<string, AuditValue>;

/** A record's audited fields as plain values (lists as comma-separated text); null: the record does not exist. */
export function flat(record: object | null, fields: readonly string[]): Flat {
  const out: Flat = {};
  for (const field of fields) {
    const value = record === null ? null : (record as Record<string, unknown>)[field];
    out[field] = Array.isArray(value) ? value.join(',') : value === undefined ? null : (value as AuditValue);
  }
  return out;
}

/**
 * Appends one admin action on an event or an admin record to the audit log, after the change it
 * records: who, what, when, the record and the fields changed (before and after).
 */
export async function recordAdminAction(
  deps: AuditTrailDeps,
  admin: Pick<Admin, 'uid' | 'email'>,
  what: { action: string; recordType: AuditRecordType; recordId: string; summary: string; before: Flat; after: Flat },
): Promise<void> {
  const fields = [...new Set([...Object.keys(what.before), ...Object.keys(what.after)])];
  await deps.audit.append([
    {
      id: deps.ids.next(),
      at: deps.clock.now().toISOString(),
      actor: { kind: 'admin', uid: admin.uid, email: admin.email },
      action: what.action,
      recordType: what.recordType,
      recordId: what.recordId,
      summary: what.summary,
      changes: changedFields<Flat>({ ...Object.fromEntries(fields.map((f) => [f, null])), ...what.before }, { ...Object.fromEntries(fields.map((f) => [f, null])), ...what.after }, fields),
    },
  ]);
}

export const EVENT_AUDIT_FIELDS = [
  ...EVENT_DETAIL_FIELDS,
  'allowBooking',
  'isBoatEvent',
  'offerChild',
  'offerSoftDrinks',
  'offerVeg',
  'requiresPayment',
  'price',
  'currency',
  'capacity',
] as const;

export const ADMIN_AUDIT_FIELDS = ['email', 'name', 'role', 'permissions', 'disabled'] as const;

export const DOCUMENT_AUDIT_FIELDS = ['title', 'description', 'category', 'fileName', 'position'] as const;
