import type { AuditEntry } from '../entities/audit';
import type { AuditFilter } from '../ports/audit-log';

/** Newest first: by `at` descending, then by id (ascending), as every adapter orders the log. */
export function auditOrder(a: Pick<AuditEntry, 'at' | 'id'>, b: Pick<AuditEntry, 'at' | 'id'>): number {
  return Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether an entry passes the filter's record and admin conditions. */
export function matchesAuditFilter(entry: AuditEntry, filter: Omit<AuditFilter, 'limit'>): boolean {
  if (filter.recordId !== undefined && entry.recordId !== filter.recordId) return false;
  if (filter.actorUid !== undefined && (entry.actor.kind !== 'admin' || entry.actor.uid !== filter.actorUid)) return false;
  return true;
}

/** The uid an entry is filed under for the "by admin" filter, or null for a member or the system. */
export function actorUidOf(entry: Pick<AuditEntry, 'actor'>): string | null {
  return entry.actor.kind === 'admin' ? entry.actor.uid : null;
}
