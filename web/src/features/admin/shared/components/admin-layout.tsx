import { Link, NavLink, Outlet } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { mayOpen } from '@core/admins/permissions';
import { useAdminSession, useSignedInAdmin } from '../../session/components/admin-session';
import { Button } from '../../../../components/ui/button';

/** The frame of every signed-in screen: skip link, navigation, the way back to the members' area, who is signed in, Sign Out. */
export function AdminLayout() {
  const admin = useSignedInAdmin();
  // The sign-in guard moves to the login page once the session is gone.
  const { signOut, signingOut } = useAdminSession();

  // Only the screens this admin may open, by the core's route table.
  const links = [
    { to: '/admin/dashboard', label: 'Dashboard' },
    { to: '/admin/events', label: 'Events' },
    { to: '/admin/bookings', label: 'Bookings' },
    { to: '/admin/members', label: 'Members' },
    { to: '/admin/work-days', label: 'Work Days' },
    { to: '/admin/mail', label: 'Mail' },
    { to: '/admin/audit', label: 'Audit' },
    { to: '/admin/news', label: 'News' },
    { to: '/admin/water-levels', label: 'Water Levels' },
    { to: '/admin/documents', label: 'Documents' },
    { to: '/admin/photos', label: 'Photos' },
  ];

  return (
    <div className="adm-shell">
      <a className="adm-skip-link" href="#admin-main">
        Skip to main content
      </a>
      <header className="adm-header">
        <div className="adm-header-inner">
          <p className="adm-brand">
            <span aria-hidden="true">⚓</span> Club Admin
          </p>
          <nav aria-label="Admin" className="adm-nav">
            <ul>
              {links
                .filter((link) => mayOpen(admin, link.to))
                .map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={({ isActive }) => (isActive ? 'adm-nav-link adm-nav-active' : 'adm-nav-link')} end={link.to === '/admin/dashboard'}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <div className="adm-user">
            <Link className="adm-site-link" to={PATHS.home}>
              <span aria-hidden="true">← </span>Members' area
            </Link>
            <span className="adm-user-name">{admin.name}</span>
            <Button variant="light" onClick={signOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign Out'}
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="adm-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
