import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Set once the admin has navigated inside the panel: from then on page titles may take focus. */
export const navigationFocus = { navigated: false };

/**
 * Moves focus to the new page's title after an in-app navigation (not on the first load). A layout
 * effect, so focus moves in the same commit that shows the page: with a passive effect there was a
 * moment, after the old page (and the link that had focus) was gone, when focus sat on the body.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
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
