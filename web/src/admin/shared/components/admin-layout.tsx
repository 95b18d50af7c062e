import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { mayOpen } from '@core/admins/permissions';
import { useAdminSession, useSignedInAdmin } from '../../session/components/admin-session';
import { Button } from '../../../components/ui/button';
import { officerDay } from '../../../features/check-in/admin/api/officer-client';

/** The frame of every signed-in screen: skip link, navigation, the way back to the members' area, who is signed in (a link to My Account), Sign Out. */
export function AdminLayout() {
  const admin = useSignedInAdmin();
  // The sign-in guard moves to the login page once the session is gone.
  const { signOut, signingOut } = useAdminSession();
  // On a phone the menu of screens folds behind one button (the way back and Sign Out stay); it folds
  // again once a screen is chosen. On wider screens the button is not shown and the menu is open.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  // The check-in marks kept on the device are sent on any screen: the officer's day starts (restored
  // from the device, its marks resumed) once per page, on the first screen of an admin who may check in.
  if (mayOpen(admin, '/admin/today')) officerDay();

  // Only the screens this admin may open, by the core's route table.
  const links = [
    { to: '/admin/dashboard', label: 'Dashboard' },
    { to: '/admin/events', label: 'Events' },
    { to: '/admin/conditions', label: 'Wind Limits' },
    { to: '/admin/bookings', label: 'Bookings' },
    { to: '/admin/members', label: 'Members' },
    { to: '/admin/membership', label: 'Membership' },
    { to: '/admin/membership/applications', label: 'Applications' },
    { to: '/admin/admins', label: 'Admins' },
    { to: '/admin/work-days', label: 'Work Days' },
    { to: '/admin/duties', label: 'Duties' },
    { to: '/admin/mail', label: 'Mail' },
    { to: '/admin/audit', label: 'Audit' },
    { to: '/admin/news', label: 'News' },
    { to: '/admin/pages', label: 'Pages' },
    { to: '/admin/water-levels', label: 'Water Levels' },
    { to: '/admin/documents', label: 'Documents' },
    { to: '/admin/photos', label: 'Photos' },
    // Data requests (docs/privacy-requests.md).
    { to: '/admin/privacy', label: 'Data Requests' },
    { to: '/admin/today', label: 'Today' },
    // Members' data rights (docs/data-protection.md).
    { to: '/admin/retention', label: 'Data retention' },
  ];
  // Who is signed in leads to their own account (My Account: the change of their password).
  const account = (
    <>
      {admin.name}
      <span className="visually-hidden"> (my account)</span>
    </>
  );

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
          <Button variant="light" className="adm-menu-button" aria-expanded={menuOpen} aria-controls="adm-menu" onClick={() => setMenuOpen((open) => !open)}>
            <span aria-hidden="true">☰</span> Menu
          </Button>
          <div id="adm-menu" className={menuOpen ? 'adm-menu adm-menu-open' : 'adm-menu'}>
            <nav aria-label="Admin" className="adm-nav">
              <ul>
                {links
                  .filter((link) => mayOpen(admin, link.to))
                  .map((link) => (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        onClick={closeMenu}
                        className={({ isActive }) => (isActive ? 'adm-nav-link adm-nav-active' : 'adm-nav-link')}
                        end={link.to === '/admin/dashboard'}
                      >
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
              </ul>
            </nav>
            <p className="adm-menu-who">
              Signed in as{' '}
              <Link className="adm-account-link" to="/admin/account" onClick={closeMenu}>
                {account}
              </Link>
            </p>
          </div>
          <div className="adm-user">
            <Link className="adm-site-link" to={PATHS.home} onClick={closeMenu}>
              <span aria-hidden="true">← </span>Members' area
            </Link>
            <Link className="adm-user-name adm-account-link" to="/admin/account" onClick={closeMenu}>
              {account}
            </Link>
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
