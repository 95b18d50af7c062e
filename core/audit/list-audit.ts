import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { AuditLog } from './audit-log.port';
import { parseInput } from '../shared/parse-input';
import { AUDIT_PAGE, AuditQuerySchema, type AuditList } from './audit-schema';

/** The audit log, newest first, at most AUDIT_PAGE entries; needs audit:read. */
export class ListAudit {
  constructor(private readonly deps: { audit: AuditLog }) {}

  async execute(admin: Admin, query: unknown): Promise<AuditList> {
    requirePermission(admin, 'audit.read');
    const { recordId, adminUid } = parseInput(AuditQuerySchema, query);
    const entries = await this.deps.audit.list({
      ...(recordId ? { recordId } : {}),
      ...(adminUid ? { actorUid: adminUid } : {}),
      limit: AUDIT_PAGE,
    });
    return { entries, limit: AUDIT_PAGE };
  }
}
