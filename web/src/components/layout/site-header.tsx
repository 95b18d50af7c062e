import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { NavLink, useLocation } from 'react-router-dom';
import { useClubConfig } from '../../lib/club-config';
import { ClubLogo } from './club-logo';
import { SearchIcon } from '../ui/icons';
import { MemberHeaderLinks } from '../../features/member-sign-in/components/member-header-links';

interface NavItem {
  to: string;
  label: string;
  mobileLabel?: string;
}

const MAIN_LINKS: NavItem[] = [
  { to: '/', label: 'Members Home' },
  { to: '/news', label: 'News' },
  { to: '/calendar', label: 'Calendar' },
];

const INFORMATION_LINKS: NavItem[] = [
  { to: '/documents', label: 'Documents & Files', mobileLabel: 'Member Documents' },
  { to: '/information', label: 'Club Information' },
  { to: '/beginners', label: 'Beginner Sailing Tips' },
];

/**
 * How the Information menu came to be open: a mouse resting on it (it closes when the mouse
 * leaves), or a click, tap or key (it stays open until the next click, a click elsewhere, Escape,
 * or focus leaving it).
 */
type OpenedBy = 'hover' | 'click';

function InformationDropdown() {
  const { pathname } = useLocation();
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const open = openedBy !== null;
  const setOpen = (value: boolean) => setOpenedBy(value ? 'click' : null);
  // Another page closes the menu: adjusted while rendering when the path changes (not in an
  // effect), and it stays closed when Back or Forward returns to the page it was opened on.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  // A click or tap anywhere else closes a menu opened by a click (a tap does not always move focus).
  useEffect(() => {
    if (openedBy !== 'click') return;
    const outside = (event: globalThis.PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node | null)) setOpenedBy(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [openedBy]);
  const menuId = useId();
  const active = INFORMATION_LINKS.some((item) => item.to === pathname);

  const focusLink = (index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links || links.length === 0) return;
    links[(index + links.length) % links.length].focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      // Render the list now so that focus can move into it straight away.
      flushSync(() => setOpen(true));
      focusLink(event.key === 'ArrowDown' ? 0 : -1);
      return;
    }
    focusLink(current === -1 ? (event.key === 'ArrowDown' ? 0 : -1) : current + (event.key === 'ArrowDown' ? 1 : -1));
  };

  return (
    <li
      ref={itemRef}
      className="nav-dropdown"
      // Pointer events tell a mouse from a finger: a tap also sends mouseenter before its click,
      // which used to open the menu and let the click close it at once.
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') setOpenedBy((by) => by ?? 'hover');
      }}
      onPointerLeave={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') setOpenedBy((by) => (by === 'hover' ? null : by));
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-dropdown-toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        // A menu the mouse opened stays open on a click (and no longer closes when the mouse
        // leaves); the next click closes it.
        onClick={() => setOpenedBy((by) => (by === 'click' ? null : 'click'))}
      >
        Information <span aria-hidden="true">▾</span>
      </button>
      <ul ref={listRef} id={menuId} className="nav-dropdown-menu" hidden={!open}>
        {INFORMATION_LINKS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="nav-dropdown-link" onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The club header: logo and 'Members Area', a link out to the public website, the desktop bar
 * with its Information dropdown, and the MENU button with the grouped list on phones.
 */
export function SiteHeader({ onSearch }: { onSearch: () => void }) {
  const config = useClubConfig();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // As the dropdown: another page closes the menu, and Back or Forward does not reopen it.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }
  const groupId = useId();

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="header-top container">
        <a className="brand" href={config.publicSiteUrl}>
          <ClubLogo />
          <span className="visually-hidden">{config.clubName} public website</span>
        </a>
        <span className="brand-title">Members Area</span>
        <a className="btn btn-light header-site-link" href={config.publicSiteUrl}>
          Club Website <span aria-hidden="true">↗</span>
        </a>
      </div>
      <div className="header-nav">
        <div className="container header-nav-inner">
          <nav className="desktop-nav" aria-label="Main navigation">
            <ul className="nav-list">
              {MAIN_LINKS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className="nav-link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <InformationDropdown />
              <MemberHeaderLinks linkClass="nav-link" />
            </ul>
          </nav>
          <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => setMenuOpen((open) => !open)}>
            <span aria-hidden="true" className="menu-icon">
              {menuOpen ? '✕' : '☰'}
            </span>
            MENU
          </button>
          <button type="button" className="header-search" onClick={onSearch} aria-keyshortcuts="Control+K Meta+K">
            <SearchIcon size={18} /> Search
          </button>
        </div>
        <nav
          id="mobile-menu"
          className="mobile-nav container"
          aria-label="Mobile navigation"
          hidden={!menuOpen}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeMenu();
          }}
        >
          <ul className="mobile-nav-list">
            {MAIN_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="mobile-nav-link" onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="mobile-nav-group">
              <span className="mobile-nav-group-title" id={groupId}>
                Information
              </span>
              <ul aria-labelledby={groupId}>
                {INFORMATION_LINKS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className="mobile-nav-link" onClick={closeMenu}>
                      {item.mobileLabel ?? item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            <MemberHeaderLinks linkClass="mobile-nav-link" onNavigate={closeMenu} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
