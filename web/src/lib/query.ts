import { QueryClient, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

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
      },
    },
  });
}

/** The browser's data layer, for the whole visit. */
export const queryClient = createQueryClient();

export type AsyncState<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * A screen's view of a query (a feature's `queryOptions`): loading, its data or its error, and
 * `reload`, which starts again from the loading state (Try Again).
 */
export function useQueryState<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): AsyncState<T> & { reload: () => void } {
  const client = useQueryClient();
  const query = useQuery(options);
  const reload = () => void client.resetQueries({ queryKey: options.queryKey, exact: true });
  if (query.status === 'success') return { status: 'success', data: query.data, reload };
  if (query.status === 'error') return { status: 'error', error: query.error, reload };
  return { status: 'loading', reload };
}
