import type { AuditActor, AuditEntry } from './audit';
import type { AuditFilter } from './audit-log.port';

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

/**
 * Who acted through a member's link: the member, unless the request came with an admin's session,
 * in which case the audit names that admin (an admin never reads members' links in the panel, but
 * may be handed one, or book as a member themselves).
 */
export function linkActor(admin: { uid: string; email: string } | null): AuditActor {
  return admin === null ? { kind: 'member' } : { kind: 'admin', uid: admin.uid, email: admin.email };
}
