import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

export const PERMISSIONS = [
  'events:read',
  'events:write',
  'bookings:read',
  'admins:manage',
  'bookings:write',
  'audit:read',
  'workdays:write',
  'content:write',
  'members:write',
  'duties:write',
  'privacy:manage',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;
/** The permissions of a new admin record unless chosen otherwise (spec section 6). */
export const DEFAULT_PERMISSIONS: Permission[] = ['events:read', 'events:write', 'bookings:read'];

/** An admin record, keyed by the identity provider's user id. */
export const AdminSchema = z.object({
  uid: z.string().min(1),
  email: z.string().email(),
  name: z.string().min(1).max(200),
  role: z.string().min(1).default('admin'),
  permissions: z.array(PermissionSchema),
  disabled: z.boolean(),
  createdAt: InstantSchema,
});
export type Admin = z.infer<typeof AdminSchema>;

export const LoginFormSchema = z.object({ email: z.string().max(320).default(''), password: z.string().max(1000).default('') });
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** The signed-in admin as the API describes them (no secrets, no timestamps). */
export const SessionAdminSchema = AdminSchema.pick({ uid: true, email: true, name: true, role: true, permissions: true });
export type SessionAdmin = z.infer<typeof SessionAdminSchema>;
