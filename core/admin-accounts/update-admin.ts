import { AUDITED_ADMIN, type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { z } from 'zod';
import { PermissionSchema, type Admin } from '../admins/admin';
import { adminChangeRefusal } from '../admins/admin-changes';
import { permittedChange } from '../admins/admin-record';
import { ValidationError } from '../shared/errors';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { IdentityProvider } from '../admins/identity-provider.port';
import { ADMIN_MESSAGES } from './create-admin';
import { UseCase } from '../shared/use-case';

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
 * Changes an admin's name, permissions or access, within adminChangeRefusal's least privilege: an
 * admin grants only what they hold, never changes their own permissions or disables themself, and
 * the last enabled admin holding admins:manage keeps it.
 */
export class UpdateAdmin extends UseCase<UpdateAdminDeps> {
  async execute(admin: Admin, uid: string, request: unknown): Promise<Admin> {
    const { input: changes, record: target } = await permittedChange(
      admin,
      'admins.manage',
      { schema: UpdateAdminRequestSchema, request },
      () => this.deps.admins.getByUid(uid),
      ADMIN_MESSAGES.notFound,
    );
    const next = { permissions: changes.permissions ? [...new Set(changes.permissions)] : target.permissions, disabled: changes.disabled ?? target.disabled };
    const refusal = adminChangeRefusal(admin, target, next, await this.deps.admins.list());
    if (refusal) throw new ValidationError(refusal.message, { [refusal.field]: refusal.message });
    const updated: Admin = { ...target, name: changes.name ?? target.name, ...next };
    // The provider first: if it fails, the record still says what the provider enforces.
    if (updated.disabled !== target.disabled) await this.deps.identity.setDisabled(target.uid, updated.disabled);
    await this.deps.admins.update(updated);
    const summary =
      updated.permissions.join(',') !== target.permissions.join(',') ? `Changed the permissions of ${target.email}` : `Changed the admin ${target.email}`;
    await recordChange(this.deps, admin, AUDITED_ADMIN, { action: 'admin.updated', summary, before: target, after: updated });
    return updated;
  }
}
