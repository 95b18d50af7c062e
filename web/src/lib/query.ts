import { QueryClient } from '@tanstack/react-query';

/**
 * A data layer: TanStack Query (ADR 15). Each screen's data is a query with a key (['calendar'],
 * ['booking-event', id], ['admin', 'events'] …): the answer to an older request never replaces a
 * newer one, requests for the same key are shared, and a route's loader puts its page's first
 * reads into the same cache the page reads (routes.tsx). The server draws each page with one of
 * its own (web/src/entry-server.tsx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failed load shows its error state at once, with a Try Again button, as before.
        retry: false,
        refetchOnWindowFocus: false,
        // A members' page reached again within this time is drawn from the cache at once; the
        // prefetched answer of a page being opened is used rather than asked for again.
        staleTime: 10_000,
        // Every read is asked, whatever the browser says of its connection: with no signal the
        // service worker answers from the device or the request fails and the page says it is
        // offline (docs/offline.md). A read paused until an `online` event would leave the page on
        // its loading state for good.
        networkMode: 'always',
      },
    },
  });
}

/** The browser's data layer, for the whole visit. */
export const queryClient = createQueryClient();
