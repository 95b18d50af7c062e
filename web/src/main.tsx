import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, preloadPage } from './app-routes';
import { ClubConfigProvider, loadClubConfig, type ClubConfig } from './lib/club-config';
import { queryClient } from './lib/query';
import { ScrollToTop } from './lib/scroll-to-top';
import './styles.css';

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
            <BrowserRouter>
              <ScrollToTop />
              <AppRoutes />
            </BrowserRouter>
          </ClubConfigProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

preloadPage(window.location.pathname);

void Promise.race([
  loadClubConfig().catch(() => undefined),
  new Promise<undefined>((done) => setTimeout(() => done(undefined), CONFIG_WAIT_MS)),
]).then(render);
