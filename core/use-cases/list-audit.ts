import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import type { AuditLog } from '../ports/audit-log';
import { parseInput } from './parse-input';
import { AUDIT_PAGE, AuditQuerySchema, type AuditList } from './audit-schema';
import { UseCase } from './use-case';

/** The audit log, newest first, at most AUDIT_PAGE entries; needs audit:read. */
export class ListAudit extends UseCase<{ audit: AuditLog }> {
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
