import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { AuditLog } from './audit-log.port';
import type { AdminRepository } from '../admins/admin-repository.port';
import { adminNamesFor } from './admin-names';
import { AUDIT_PAGE, AuditQuerySchema, type AuditList } from './audit-schema';
import { UseCase } from '../shared/use-case';

/** The audit log, newest first, at most AUDIT_PAGE entries, with the names of the admins it mentions; needs audit:read. */
export class ListAudit extends UseCase<{ audit: AuditLog; admins: AdminRepository }> {
  async execute(admin: Admin, query: unknown): Promise<AuditList> {
    const { recordId, adminUid } = permittedInput(admin, 'audit.read', AuditQuerySchema, query);
    const entries = await this.deps.audit.list({ ...(recordId ? { recordId } : {}), ...(adminUid ? { actorUid: adminUid } : {}), limit: AUDIT_PAGE });
    return { entries, limit: AUDIT_PAGE, adminNames: await adminNamesFor(this.deps.admins, entries) };
  }
}
