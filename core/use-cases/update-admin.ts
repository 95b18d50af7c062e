import { ADMIN_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from './audit-trail';
import { z } from 'zod';
import { PermissionSchema, type Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import { NotFoundError, ValidationError } from '../errors';
import type { AdminRepository } from '../ports/admin-repository';
import type { IdentityProvider } from '../ports/identity-provider';
import { ADMIN_MESSAGES } from './create-admin';
import { parseInput } from './parse-input';

export const UpdateAdminRequestSchema = z.object({
  name: z.string().trim().min(1, ADMIN_MESSAGES.nameRequired).max(200).optional(),
  permissions: z.array(PermissionSchema).max(20).optional(),
  disabled: z.boolean().optional(),
});

export interface UpdateAdminDeps extends AuditTrailDeps {
  admins: AdminRepository;
  identity: IdentityProvider;
}

/**
 * Changes another admin's name, permissions or access. Nobody can lock themself out: an admin
 * cannot disable their own account or give up their own admins:manage.
 */
export class UpdateAdmin {
  constructor(private readonly deps: UpdateAdminDeps) {}

  async execute(admin: Admin, uid: string, request: unknown): Promise<Admin> {
    requirePermission(admin, 'admins.manage');
    const changes = parseInput(UpdateAdminRequestSchema, request);
    const target = await this.deps.admins.getByUid(uid);
    if (!target) throw new NotFoundError(ADMIN_MESSAGES.notFound);
    if (target.uid === admin.uid) {
      if (changes.disabled === true) {
        throw new ValidationError(ADMIN_MESSAGES.cannotDisableSelf, { disabled: ADMIN_MESSAGES.cannotDisableSelf });
      }
      if (changes.permissions && !changes.permissions.includes('admins:manage')) {
        throw new ValidationError(ADMIN_MESSAGES.cannotDropOwnManage, { permissions: ADMIN_MESSAGES.cannotDropOwnManage });
      }
    }
    const updated: Admin = {
      ...target,
      name: changes.name ?? target.name,
      permissions: changes.permissions ? [...new Set(changes.permissions)] : target.permissions,
      disabled: changes.disabled ?? target.disabled,
    };
    // The provider first: if it fails, the record still says what the provider enforces.
    if (updated.disabled !== target.disabled) await this.deps.identity.setDisabled(target.uid, updated.disabled);
    await this.deps.admins.update(updated);
    const summary = updated.permissions.join(',') !== target.permissions.join(',') ? `Changed the permissions of ${target.email}` : `Changed the admin ${target.email}`;
    await recordAdminAction(this.deps, admin, { action: 'admin.updated', recordType: 'admin', recordId: target.uid, summary, before: flat(target, ADMIN_AUDIT_FIELDS), after: flat(updated, ADMIN_AUDIT_FIELDS) });
    return updated;
  }
}
