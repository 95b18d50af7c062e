import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where the positions are kept for a reload (per history entry, like the browser's own). */
const STORAGE_KEY = 'kyc-scroll-positions';
/**
 * How long a restore goes on trying once the page shows nothing loading: its last content may be
 * drawn a little after its data came. While any loading indicator shows (the Spinner, marked
 * data-loading), a restore waits however long that takes: on a slow line the page's data can take
 * many seconds, and the member who reloaded still expects to return where they were.
 */
const RESTORE_PATIENCE_MS = 5000;
/** How often a restore looks whether the page still shows a loading indicator. */
const LOADING_CHECK_MS = 200;
/** What every loading indicator (the Spinner) carries, so a restore knows the page is still coming. */
const LOADING_INDICATOR = '[data-loading]';
/** What a member does that ends a restore: the page is theirs to move from then on. */
const MEMBER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

/**
 * The positions kept before this page was loaded (a reload, or Back from another site), read only
 * when one is asked for: a first visit has none to go back to, and a phone's first read of session
 * storage takes a few milliseconds of its start-up.
 */
let stored: Map<string, number> | undefined;
const storedPositions = () => (stored ??= readSaved());
/** The positions recorded since this page was loaded. */
const positions = new Map<string, number>();
let currentKey = '';
/** The entry the page was loaded on, and whether the member has moved to another since. */
let firstKey: string | undefined;
let movedSinceLoad = false;

const positionOf = (key: string) => positions.get(key) ?? storedPositions().get(key);

/**
 * Keeps the positions for a reload. The page being left is recorded as it stands: a scroll made just
 * before (in the same frame) has not yet told the scroll listener.
 */
function save() {
  if (currentKey !== '') positions.set(currentKey, window.scrollY);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...storedPositions(), ...positions])));
  } catch {
    // Storage full or refused: positions are still kept for this page's life.
  }
}

/**
 * The key of a history entry: react-router's location.key, which the entry keeps across a reload.
 * An entry the app has not made yet (the page a member opened) has the key 'default' in every tab
 * and on every page, so its address is added.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}

/** Whether the page was loaded as a reload or by Back/Forward (not by opening an address or a link). */
function loadedToReturn(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * Scrolls the window to `y` once the page is tall enough for it: a page drawn from cached data is
 * at once, one still loading grows for a while. Gives up when the member scrolls, taps or types,
 * or RESTORE_PATIENCE_MS after the page last showed a loading indicator. Returns the way to stop early.
 */
function restoreTo(y: number): () => void {
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    window.clearInterval(patience);
    for (const type of MEMBER_MOVES) window.removeEventListener(type, stop, true);
  };
  const attempt = () => {
    if (done) return;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1) stop();
  };
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(attempt);
  let lastLoading = performance.now();
  const patience = window.setInterval(() => {
    if (document.querySelector(LOADING_INDICATOR) !== null) lastLoading = performance.now();
    else if (performance.now() - lastLoading >= RESTORE_PATIENCE_MS) stop();
  }, LOADING_CHECK_MS);
  for (const type of MEMBER_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
  attempt();
  if (!done) observer?.observe(document.body);
  return stop;
}

/**
 * Back and Forward return to where the page was left, a new page starts at its top (or at the
 * element its #fragment names). Positions are kept per history entry (entryKey) as the member
 * scrolls, so the position recorded is the one the page was left at, never one a shorter next page
 * cut short; and in session storage when the page is hidden, so a reload returns there too. An
 * address opened anew (typed, or a link from elsewhere) starts at its top.
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
  const key = entryKey(location);
  useLayoutEffect(() => {
    // The first location is a POP however the page was loaded: only a reload or Back/Forward
    // returns to a position; a page opened anew starts at its top like any new page.
    firstKey ??= key;
    if (key !== firstKey) movedSinceLoad = true;
    const returning = navigationType === 'POP' && (movedSinceLoad || loadedToReturn());
    currentKey = key;
    const saved = returning ? positionOf(key) : undefined;
    if (saved !== undefined) return restoreTo(saved);
    if (location.hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return undefined;
      }
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    return undefined;
  }, [key, location.hash, navigationType]);

  return null;
}
