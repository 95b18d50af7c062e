import type { Admin } from '../admins/admin';
import type { AuditRecordType, AuditValue } from './audit';
import { changedFields } from './audit';
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
      changes: changedFields<Flat>(
        { ...Object.fromEntries(fields.map((f) => [f, null])), ...what.before },
        { ...Object.fromEntries(fields.map((f) => [f, null])), ...what.after },
        fields,
      ),
    },
  ]);
}

/**
 * A kind of record whose changes the audit log keeps field by field: its record type, the id its
 * entries name, and the fields compared before and after.
 */
export interface AuditedRecord<R> {
  recordType: AuditRecordType;
  idOf: (record: R) => string;
  fields: readonly string[];
}

/** One admin change of a record: before or after is null when the record did not, or no longer does, exist. */
export type RecordChange<R> = { action: string; summary: string } & ({ before: R; after: R | null } | { before: null; after: R });

/** Appends an admin's change of one record to the audit log, its audited fields flat before and after. */
export function recordChange<R extends object>(
  deps: AuditTrailDeps,
  admin: Pick<Admin, 'uid' | 'email'>,
  kind: AuditedRecord<R>,
  change: RecordChange<R>,
): Promise<void> {
  const record = (change.after ?? change.before) as R;
  return recordAdminAction(deps, admin, {
    action: change.action,
    recordType: kind.recordType,
    recordId: kind.idOf(record),
    summary: change.summary,
    before: flat(change.before, kind.fields),
    after: flat(change.after, kind.fields),
  });
}

export const ADMIN_AUDIT_FIELDS = ['email', 'name', 'role', 'permissions', 'disabled'] as const;

export const AUDITED_ADMIN: AuditedRecord<Admin> = { recordType: 'admin', idOf: (admin) => admin.uid, fields: ADMIN_AUDIT_FIELDS };
