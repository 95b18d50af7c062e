import type { Admin, Permission } from './admin';

export const ADMIN_CHANGE_MESSAGES = {
  cannotDisableSelf: 'You cannot disable your own account',
  cannotChangeOwnPermissions: 'You cannot change your own permissions',
  lastManager: 'At least one active admin must keep admins:manage',
  grantNotHeld: (permissions: readonly Permission[]) => `You cannot grant ${permissions.join(', ')}: only permissions you hold yourself can be given`,
} as const;

type AdminAccess = Pick<Admin, 'uid' | 'permissions' | 'disabled'>;

/** Whether this admin can manage admins: enabled and holding admins:manage. */
function manages(admin: AdminAccess): boolean {
  return !admin.disabled && admin.permissions.includes('admins:manage');
}

/**
 * Whether a change of an admin's record (its permissions or access) would leave the club with no
 * enabled admin holding admins:manage. `admins` is every admin as stored before the change.
 */
export function leavesNoManager(admins: readonly AdminAccess[], changed: AdminAccess): boolean {
  return !admins.some((admin) => manages(admin.uid === changed.uid ? changed : admin)) && admins.some(manages);
}

/**
 * Why `actor` may not make `target` (null: a new admin) look like `next`, or null when they may.
 * Least privilege: an admin grants only permissions they hold, never changes their own
 * permissions or disables themself, and no change leaves the club without an enabled admin who
 * holds admins:manage.
 */
export function adminChangeRefusal(
  actor: AdminAccess,
  target: AdminAccess | null,
  next: Pick<Admin, 'permissions' | 'disabled'>,
  admins: readonly AdminAccess[],
): { field: 'permissions' | 'disabled'; message: string } | null {
  const before = new Set(target?.permissions ?? []);
  if (target !== null && target.uid === actor.uid) {
    if (next.disabled && !target.disabled) return { field: 'disabled', message: ADMIN_CHANGE_MESSAGES.cannotDisableSelf };
    const same = next.permissions.length === before.size && next.permissions.every((p) => before.has(p));
    if (!same) return { field: 'permissions', message: ADMIN_CHANGE_MESSAGES.cannotChangeOwnPermissions };
  }
  const notHeld = [...new Set(next.permissions)].filter((p) => !before.has(p) && !actor.permissions.includes(p));
  if (notHeld.length > 0) return { field: 'permissions', message: ADMIN_CHANGE_MESSAGES.grantNotHeld(notHeld) };
  if (target !== null && leavesNoManager(admins, { uid: target.uid, ...next })) {
    return { field: next.permissions.includes('admins:manage') ? 'disabled' : 'permissions', message: ADMIN_CHANGE_MESSAGES.lastManager };
  }
  return null;
}
