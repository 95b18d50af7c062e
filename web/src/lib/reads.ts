import {
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
  type EnsureQueryDataOptions,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiGet, parseAnswer } from './api';

/**
 * An API address's JSON answer. In the browser, a request (`fetchJson`); on the server, the
 * server's own answer made in process (server/http/member-pages.ts), or undefined for an address
 * it leaves to the browser.
 */
export type ReadJson = (path: string, signal?: AbortSignal) => Promise<unknown>;

export const fetchJson: ReadJson = (path, signal) => apiGet<unknown>(path, undefined, { signal });

/** The data layers of pages being drawn on the server, each answered from the server's own answers. */
const drawnOnServer = new WeakMap<QueryClient, ReadJson>();

/** Makes `client` (a page being drawn on the server) answer every members' read through `readJson`. */
export function answerOnServer(client: QueryClient, readJson: ReadJson): void {
  drawnOnServer.set(client, readJson);
}

/**
 * Answers already read, by the answer as it came and the read's address: the server hands every
 * page drawn from the same answer the same object (the calendar's, for every visitor), so it is
 * checked once, not on every page. An answer fetched in the browser is a new object each time.
 */
const parsed = new WeakMap<object, Map<string, Promise<unknown>>>();

function parseOnce<T>(path: string, parse: (json: unknown) => T | Promise<T>, json: unknown): Promise<T> {
  if (typeof json !== 'object' || json === null) return Promise.resolve(parse(json));
  let byPath = parsed.get(json);
  if (!byPath) parsed.set(json, (byPath = new Map()));
  let answer = byPath.get(path) as Promise<T> | undefined;
  if (!answer) {
    answer = Promise.resolve(parse(json));
    byPath.set(path, answer);
    // A failed reading is not kept: the next page tries again.
    answer.catch(() => byPath.delete(path));
  }
  return answer;
}

/**
 * A members' read: the query of an API address, declared once for its route's loader and its
 * component. `parse` checks the answer (it may load its schemas with a dynamic import, so that
 * declaring the read does not bring zod into the entry). On the server the query is answered from
 * the server's own answers (`answerOnServer`), in the browser by a request.
 */
export function readQuery<T, K extends QueryKey>(queryKey: K, path: string, parse: (json: unknown) => T | Promise<T>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }): Promise<T> => {
      const json = await (drawnOnServer.get(client) ?? fetchJson)(path, signal);
      if (json === undefined) throw new Error(`${path} is left to the browser`);
      return parseOnce(path, parse, json);
    },
  });
}

/**
 * A read whose answer is checked with `schema` (loaded when the first answer is read) and
 * narrowed by `select` (an envelope's list): the same data the page's own request gives.
 */
export function apiQuery<A, T = A, K extends QueryKey = QueryKey>(queryKey: K, path: string, schema: () => Promise<ZodType<A>>, select?: (answer: A) => T) {
  return readQuery<T, K>(queryKey, path, async (json) => {
    const answer = parseAnswer(await schema(), json, `GET ${path}`);
    return select ? select(answer) : (answer as unknown as T);
  });
}

/** A members' read (readQuery, apiQuery) as a route's loader takes it, whatever its answer's type. */
export type AnyRead = { queryKey: QueryKey };

/**
 * Puts a page's first reads in the data layer, for its route's loader (routes.tsx). On the server
 * the loader waits for them, so the page is drawn with its data; a read that failed is dropped, so
 * the page is drawn loading, as the browser's first render also draws it, and the browser asks
 * again. In the browser they start beside the page's code and the page draws at once, from what
 * the data layer kept or loading until they come (a failure is kept for the page, which shows it
 * with Try Again); a stale answer is asked for again.
 */
export async function ensureReads(client: QueryClient, reads: readonly AnyRead[]): Promise<void> {
  const loading = Promise.all(
    reads.map((read) => client.ensureQueryData({ ...(read as EnsureQueryDataOptions), revalidateIfStale: true }).catch(() => undefined)),
  );
  if (!drawnOnServer.has(client)) return;
  await loading;
  for (const read of reads) {
    if (client.getQueryState(read.queryKey)?.status !== 'success') client.removeQueries({ queryKey: read.queryKey, exact: true });
  }
}

/**
 * A screen's read: the library's own query result (pending, its data or its error), with
 * `tryAgain`, which starts the read again from its pending state (the Try Again button).
 */
export function useRead<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const query = useQuery(options);
  return Object.assign(query, { tryAgain: useTryAgain(options.queryKey) });
}

/** Try Again, for any read (members' and admin screens'): the read starts over from its loading state. */
export function useTryAgain(queryKey: QueryKey): () => void {
  const client = useQueryClient();
  return () => void client.resetQueries({ queryKey, exact: true });
}
