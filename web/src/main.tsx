import './lib/zod-without-eval';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { createRoutes } from './routes';
import { ServerOriginProvider } from './lib/origin';
import { readDrawnPageState } from './lib/drawn-page';
import { queryClient } from './lib/query';
import { pagesShown, type PageShown, type PagesShown } from './lib/pages-shown';
// The members' styles, in cascade order: the shared tokens and base, the site's frame and the
// shared components, then each feature's own style sheet, kept beside the feature.
import './styles/tokens.css';
import './styles/base.css';
import './components/layout/layout.css';
import './components/ui/ui.css';
// The controls' own styles (buttons' sizes, confirm dialogs) are the site's, not a page's: a page
// that shows a button then waits for no second style sheet.
import './components/ui/controls.css';
import './features/work-days/work-days.css';
import './features/home/home.css';
import './features/water-levels/water-levels.css';
import './features/search/search.css';
import './features/events/calendar.css';
import './features/bookings/booking.css';
import './features/news/news.css';
import './features/documents/documents.css';
import './features/site-pages/information.css';
import './features/payments/payment.css';
import './features/my-club/my-club.css';
import './features/announcements/announcements.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;

/**
 * Where this history entry's page was left, as the router's ScrollRestoration keeps it (in
 * session storage, by the entry's key), restored before hydrating: the router restores on Back
 * and Forward within the app but skips its first restore when it hydrates, leaving it to a script
 * its framework mode puts in the page (our Content-Security-Policy allows no inline script). As
 * that script does, an entry without a key (a new visit) gets one, so it never reads another
 * entry's position. The page is drawn already, so it can scroll there at once.
 */
const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';
function restoreScroll(): void {
  const state = window.history.state as { key?: string } | null;
  if (!state?.key) {
    window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2) }, '');
    return;
  }
  // Only a return to the entry (a reload, Back or Forward): the same address opened anew (typed, or
  // followed from elsewhere) is a new visit that starts at the top, even where the browser kept the entry.
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type !== 'reload' && navigation?.type !== 'back_forward') return;
  try {
    const positions = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, unknown>;
    const y = positions[state.key];
    if (typeof y === 'number') window.scrollTo(0, y);
  } catch {
    // Nothing kept (or storage refused): the page starts at its top.
  }
}

/**
 * A members' page comes drawn by the server with its data (server/http/member-pages.ts): the app
 * takes that data into its data layer and hydrates the page as it is. The admin panel (and any
 * page the server did not draw) is drawn here, after the root's loader has read the club's settings.
 */
/**
 * Lets the browser run what waits (a tap, a paint) before going on: the entry's start-up in a few
 * short tasks rather than one long one, which a slow phone spends blocked (ADR 25's rule, kept).
 */
const nextTask = () => new Promise<void>((resume) => setTimeout(resume, 0));

/**
 * The code of the routes that draw this address, loaded up front (React Router's lazy routes) so
 * that the first render draws what the server drew. Vite asks for all their chunks at once.
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async (match) => {
      const loaded = await (match.route.lazy as () => Promise<object>)();
      Object.assign(match.route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Runs a server-drawn page's script chunks (named in its state, each after those it imports) one
 * by one, each in a task of its own: all are asked for at once first, then each runs alone, so a
 * slow phone never spends one long task on the page's code (its schemas, its components). The
 * route's own import then finds them run.
 */
async function runPageScripts(scripts: readonly string[]): Promise<void> {
  const known = new Set([...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const [i, href] of scripts.entries()) {
    if (known.has(href)) continue;
    // Each link starts its fetch at once, a slow phone's few milliseconds: a few links per task.
    if (i % 4 === 3) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  try {
    for (const href of scripts) {
      await nextTask();
      await import(/* @vite-ignore */ href);
    }
  } catch {
    // A chunk that no longer loads (the app was updated since the page was drawn): the route's own
    // import asks again and answers as any failed load does.
  }
}

/**
 * The offline side (docs/offline.md: the service worker, the offline banner, the new-version
 * prompt), once the app runs the page and the page has loaded, when the browser is idle: a slow
 * phone's start-up (hydrating the page) comes first, and the service worker's first download of
 * the app's files does not compete with the page's own requests.
 */
let offlineSideStarted = false;
function startOfflineSide(onPageShown: PageShown): void {
  // Once (React's development mode runs an effect twice).
  if (offlineSideStarted) return;
  offlineSideStarted = true;
  const go = () => void import('./features/offline/start-offline').then(({ startOffline }) => startOffline(onPageShown));
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Marks the root once the app has committed its first render (hydrated the server's drawing, or
 * drawn its own): its effects, the window's listeners among them (Ctrl+K), run before this one, the
 * outermost. A click before then is replayed by React; a key press is not.
 */
function Running({ children, pages }: { children: ReactNode; pages: PagesShown }) {
  useEffect(() => {
    // After the RouterProvider's own subscription (a layout effect, before this one): see pagesShown.
    pages.watch();
    root.setAttribute('data-app', 'running');
    startOfflineSide(pages.onPageShown);
  }, [pages]);
  return children;
}

async function start(): Promise<void> {
  await nextTask();
  // Reading the page's state, asking for its code and running it are each a slow phone's few tens
  // of milliseconds: in tasks of their own, not one long one.
  const page = readDrawnPageState();
  if (page?.scripts) await runPageScripts(page.scripts);
  await nextTask();
  const routes = createRoutes(() => queryClient, { admin: true });
  if (page) await loadMatchedRoutes(routes);
  await nextTask();
  // Before the router reads the history entry (it keeps the entry's key as the page's).
  if (page) restoreScroll();
  await nextTask();
  const router = createBrowserRouter(routes, page ? { hydrationData: page.router } : {});
  const pages = pagesShown(router);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerOriginProvider value={page?.origin ?? ''}>
          {/* The answers the server drew the page from, in the data layer before the first render. */}
          <HydrationBoundary state={page?.queries}>
            <Running pages={pages}>
              <RouterProvider router={router} />
            </Running>
          </HydrationBoundary>
        </ServerOriginProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  // As a transition, React hydrates (or draws) the page in short slices rather than one long
  // task, so a slow phone answers taps meanwhile (React replays one on a part not yet hydrated).
  startTransition(() => {
    if (page) {
      hydrateRoot(root, app, { onRecoverableError: (error) => console.error('The page did not hydrate as the server drew it', error) });
    } else {
      createRoot(root).render(app);
    }
  });
}

void start();
