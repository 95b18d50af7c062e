import { z } from 'zod';
import type { Admin } from '../entities/admin';
import { AuditEntrySchema } from '../entities/audit';
import { requirePermission } from '../domain/permissions';
import type { AuditLog } from '../ports/audit-log';
import { parseInput } from './parse-input';

export const AUDIT_PAGE = 200;

/** The audit screen's filters: by record (a booking, event or admin id) and by admin (uid). */
export const AuditQuerySchema = z.object({
  recordId: z.string().trim().max(200).optional(),
  adminUid: z.string().trim().max(200).optional(),
});

export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema), limit: z.number().int() });
export type AuditList = z.infer<typeof AuditListSchema>;

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
