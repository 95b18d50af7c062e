import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Set once the admin has navigated inside the panel: from then on page titles may take focus. */
export const navigationFocus = { navigated: false };

/** Moves focus to the new page's title after an in-app navigation (not on the first load). */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    navigationFocus.navigated = true;
    const target = document.querySelector<HTMLElement>('[data-admin-page-title]') ?? document.getElementById('admin-main');
    target?.focus();
  }, [pathname]);
  return null;
}
