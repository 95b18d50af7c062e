import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Permission } from '@core/admins/admin';
import { hasPermission } from '@core/admins/permissions';
import { useAdminSession } from './admin-session';
import { AccessDenied } from '../../shared/components/access-denied';
import { Loading } from '../../shared/components/load-error';

/** Lets only a signed-in admin through; anyone else goes to sign in and comes back afterwards. */
export function RequireSignIn() {
  const { session } = useAdminSession();
  const location = useLocation();
  if (session.status === 'checking') return <Loading label="Checking your session…" />;
  if (session.status === 'signed-out') {
    // After Sign Out the guard itself sends the admin away (also when Back reaches an old admin
    // page), and does not offer to return there after the next sign-in.
    if (session.byUser) return <Navigate to="/admin/login" replace state={{ signedOut: true }} />;
    return <Navigate to="/admin/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/**
 * Hides a screen from an admin without its permission. This is a courtesy: the server refuses
 * the same calls with 403 whatever the browser shows.
 */
export function RequirePermission({ permission, message, children }: { permission: Permission; message: string; children: ReactNode }) {
  const { session } = useAdminSession();
  if (session.status !== 'signed-in') return null;
  if (!hasPermission(session.admin, permission)) return <AccessDenied message={message} permission={permission} />;
  return <>{children}</>;
}
