import { permittedInput } from '../admins/admin-record';
import { AUDITED_ADMIN, type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { z } from 'zod';
import { DEFAULT_PERMISSIONS, PermissionSchema, type Admin } from '../admins/admin';
import { adminChangeRefusal } from '../admins/admin-changes';
import { ConflictError, ValidationError } from '../shared/errors';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdentityProvider } from '../admins/identity-provider.port';
import { UseCase } from '../shared/use-case';

export const MIN_PASSWORD_LENGTH = 8;
export const ADMIN_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Name is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  emailTaken: 'An admin with this email already exists',
  notFound: 'Admin not found',
} as const;

export const CreateAdminRequestSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email(ADMIN_MESSAGES.emailInvalid)),
  name: z.string().trim().min(1, ADMIN_MESSAGES.nameRequired).max(200),
  password: z.string().min(MIN_PASSWORD_LENGTH, ADMIN_MESSAGES.passwordTooShort).max(1000),
  /** Omitted: the default set (events:read, events:write, bookings:read). */
  permissions: z.array(PermissionSchema).max(20).optional(),
});

export interface CreateAdminDeps extends AuditTrailDeps {
  identity: IdentityProvider;
  admins: AdminRepository;
  clock: Clock;
}

/** Adds an admin: a sign-in account at the identity provider and the admin record beside it. */
export class CreateAdmin extends UseCase<CreateAdminDeps> {
  async execute(admin: Admin, request: unknown): Promise<Admin> {
    const input = permittedInput(admin, 'admins.manage', CreateAdminRequestSchema, request);
    const permissions = [...new Set(input.permissions ?? DEFAULT_PERMISSIONS)];
    const refusal = adminChangeRefusal(admin, null, { permissions, disabled: false }, []);
    if (refusal) throw new ValidationError(refusal.message, { [refusal.field]: refusal.message });
    if (await this.deps.admins.getByEmail(input.email)) throw new ConflictError(ADMIN_MESSAGES.emailTaken);
    const user = await this.deps.identity.createUser({ email: input.email, password: input.password, displayName: input.name });
    const created: Admin = {
      uid: user.uid,
      email: input.email,
      name: input.name,
      role: 'admin',
      permissions,
      disabled: false,
      createdAt: this.deps.clock.now().toISOString(),
    };
    await this.deps.admins.create(created);
    await recordChange(this.deps, admin, AUDITED_ADMIN, { action: 'admin.created', summary: `Added the admin ${created.email}`, before: null, after: created });
    return created;
  }
}
