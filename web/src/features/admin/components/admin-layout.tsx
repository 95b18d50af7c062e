import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { hasPermission } from '@core/domain/permissions';
import { useAdminSession, useSignedInAdmin } from './admin-session';
import { Button } from '../../../components/ui/button';

/** The frame of every signed-in screen: skip link, navigation, who is signed in, Sign Out. */
export function AdminLayout() {
  const admin = useSignedInAdmin();
  const { signOut } = useAdminSession();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    // The sign-in guard moves to the login page once the session is gone.
    await signOut();
  }

  const links = [
    { to: '/admin/dashboard', label: 'Dashboard', show: true },
    { to: '/admin/events', label: 'Events', show: hasPermission(admin, 'events:read') },
    { to: '/admin/bookings', label: 'Bookings', show: hasPermission(admin, 'bookings:read') },
    { to: '/admin/members', label: 'Members', show: true },
    { to: '/admin/work-days', label: 'Work Days', show: hasPermission(admin, 'events:read') },
    { to: '/admin/mail', label: 'Mail', show: hasPermission(admin, 'bookings:read') },
    { to: '/admin/audit', label: 'Audit', show: hasPermission(admin, 'audit:read') },
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
                .filter((link) => link.show)
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
            <span className="adm-user-name">{admin.name}</span>
            <Button variant="light" onClick={handleSignOut} disabled={signingOut}>
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
