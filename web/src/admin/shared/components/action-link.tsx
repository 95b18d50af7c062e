import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mayOpen } from '@core/admins/permissions';
import { useSignedInAdmin } from '../../session/components/admin-session';

/**
 * A row's action as a small button linking to another screen, named for screen readers by
 * `label`. Drawn only when the signed-in admin may open `to` (the table the screens are guarded
 * by), unless `always` (a members' page, or a screen every admin who sees the row may open).
 */
export function ActionLink({ to, label, always = false, children }: { to: string; label: string; always?: boolean; children: ReactNode }) {
  const admin = useSignedInAdmin();
  if (!always && !mayOpen(admin, to)) return null;
  return (
    <Link className="btn btn-secondary btn-small" to={to} aria-label={label}>
      {children}
    </Link>
  );
}
