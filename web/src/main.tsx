import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, preloadPage } from './app-routes';
import { ClubConfigProvider, loadClubConfig, type ClubConfig } from './lib/club-config';
import { queryClient } from './lib/query';
import { ScrollRestoration } from './lib/scroll-restoration';
// The members' styles, in cascade order: the shared tokens and base, the site's frame and the
// shared components, then each feature's own style sheet, kept beside the feature.
import './styles/tokens.css';
import './styles/base.css';
import './components/layout/layout.css';
import './components/ui/ui.css';
// The controls' own styles (buttons' sizes, confirm dialogs) are the site's, not a page's: a page
// that shows a button then waits for no second style sheet (and the server's first screens need none).
import './components/ui/controls.css';
import './features/work-days/work-days.css';
import './features/home/home.css';
import './features/water-levels/water-levels.css';
import './features/search/search.css';
import './features/calendar/calendar.css';
import './features/booking/booking.css';
import './features/news/news.css';
import './features/documents/documents.css';
import './features/information/information.css';

/**
 * The header, the footer and the home page show the club's settings. The page preloads them
 * beside this script, so waiting for them is usually free, and it keeps the first paint from being
 * redrawn (and the page from jumping) when they arrive. A slow or failed answer waits no longer
 * than this: the fallback is drawn and the settings follow when they come.
 */
const CONFIG_WAIT_MS = 1000;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;

function render(initial: ClubConfig | undefined) {
  // As a transition, React renders the first screen in short slices rather than one long task,
  // so the page answers taps while it is being drawn on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ClubConfigProvider initial={initial}>
            {/* Back and Forward return to where the page was left, a new page starts at its top (ADR 22). */}
            <BrowserRouter>
              <ScrollRestoration />
              <AppRoutes />
            </BrowserRouter>
          </ClubConfigProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

/**
 * Where the server drew the page's first screen (the booking page's event, ADR 23), it stays until
 * the page's code is in (asked for beside this script, so usually there already), so that the
 * app's first render draws the same page in its place rather than a spinner. A page whose code
 * does not come draws no longer than this: the spinner and the page's own error follow.
 */
const FIRST_SCREEN_WAIT_MS = 5000;

const wait = (ms: number) => new Promise<undefined>((done) => setTimeout(() => done(undefined), ms));
// The page's code is asked for in a task of its own, just after this one: naming its files to the
// browser (a <link> each) then does not lengthen the task that runs the app's script, which a
// phone spends blocked (ADR 25).
const page = wait(0).then(() => preloadPage(window.location.pathname));
const firstScreenDrawn = root.querySelector('main') !== null;

void Promise.all([
  Promise.race([loadClubConfig().catch(() => undefined), wait(CONFIG_WAIT_MS)]),
  firstScreenDrawn ? Promise.race([page, wait(FIRST_SCREEN_WAIT_MS)]) : undefined,
]).then(([initial]) => render(initial));
