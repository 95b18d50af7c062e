import type { createBrowserRouter } from 'react-router-dom';

export type PageShown = (listener: (address: string) => void) => () => void;

export interface PagesShown {
  /** Starts following the router: once the RouterProvider is mounted, never before. */
  watch(): void;
  onPageShown: PageShown;
}

/**
 * Each address the router shows (the first one included), told to the offline side once it starts
 * (keep-pages.ts): those shown before then wait here, so a link followed at once is kept too.
 *
 * The router is followed only from `watch`, called once the RouterProvider has subscribed. The
 * router keeps its first update (the page's code loaded) for a subscriber that comes later only
 * while it has none: with a subscriber of ours already there, an update that fell between the
 * RouterProvider's render and its subscription was lost, and the page stayed on "Loading..." for
 * good, most often when the page's code came from the browser's cache (remix-run/react-router#15527 upstream).
 */
export function pagesShown(router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>): PagesShown {
  const { pathname, search } = router.state.location;
  const shown = [pathname + search];
  let tell: ((address: string) => void) | null = null;
  let watching = false;
  return {
    watch() {
      if (watching) return;
      watching = true;
      router.subscribe((state) => {
        if (state.navigation.state !== 'idle') return;
        const address = state.location.pathname + state.location.search;
        if (tell) tell(address);
        else shown.push(address);
      });
    },
    onPageShown(listener) {
      tell = listener;
      for (const address of shown.splice(0)) listener(address);
      return () => {
        tell = null;
      };
    },
  };
}
