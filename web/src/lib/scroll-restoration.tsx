import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where the positions are kept for a reload (per history entry, like the browser's own). */
const STORAGE_KEY = 'kyc-scroll-positions';
/** How long a restore waits for the page to grow tall enough (its data still coming). */
const RESTORE_PATIENCE_MS = 5000;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

const positions = readSaved();
let currentKey = '';

function save() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage full or refused: positions are still kept for this page's life.
  }
}

/**
 * Scrolls the window to `y` once the page is tall enough for it: a page drawn from cached data is
 * at once, one still loading grows for a while. Gives up when the member scrolls, taps or types,
 * or after RESTORE_PATIENCE_MS. Returns the way to stop early.
 */
function restoreTo(y: number): () => void {
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop, true);
  };
  const attempt = () => {
    if (done) return;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1) stop();
  };
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(attempt);
  const timer = window.setTimeout(stop, RESTORE_PATIENCE_MS);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { capture: true, passive: true });
  attempt();
  if (!done) observer?.observe(document.body);
  return stop;
}

/**
 * Back and Forward return to where the page was left, a new page starts at its top (or at the
 * element its #fragment names). Positions are kept per history entry (react-router's
 * location.key, which the history entry keeps across a reload) as the member scrolls, so the
 * position recorded is the one the page was left at, never one a shorter next page cut short; and
 * in session storage when the page is hidden, so a reload returns there too.
 * A hand-written stand-in for react-router's <ScrollRestoration />, which only works inside its
 * data router (ADR 22).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey !== '') positions.set(currentKey, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      history.scrollRestoration = 'auto';
    };
  }, []);

  // Before paint, so a new page never flashes at the old position.
  useLayoutEffect(() => {
    currentKey = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) return restoreTo(saved);
    if (location.hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return undefined;
      }
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.hash, navigationType]);

  return null;
}
