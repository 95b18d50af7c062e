import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiGet, parseAnswer } from './api';
import { useQueryState, type AsyncState } from './query';

/**
 * An API address's JSON answer. In the browser, a request (`fetchJson`); on the server, the
 * server's own answer made in process (server/http/page-reads.ts), or undefined for an address it
 * leaves to the browser.
 */
export type ReadJson = (path: string, signal?: AbortSignal) => Promise<unknown>;

export const fetchJson: ReadJson = (path, signal) => apiGet<unknown>(path, undefined, { signal });

/**
 * One of a members' page's reads, declared once for its route's loader and its component: its key
 * in the data layer, its API address and how its answer is read. `parse` may load the schemas it
 * checks with (a dynamic import), so that declaring the read does not bring zod into the entry.
 */
export interface ApiRead<T> {
  queryKey: QueryKey;
  path: string;
  parse: (json: unknown) => T | Promise<T>;
}

/**
 * A read whose answer is checked with `schema` (loaded when the first answer is read) and
 * narrowed by `select` (an envelope's list): the same data the page's own request gives.
 */
export function apiRead<A, T = A>(queryKey: QueryKey, path: string, schema: () => Promise<ZodType<A>>, select?: (answer: A) => T): ApiRead<T> {
  return {
    queryKey,
    path,
    parse: async (json) => {
      const answer = parseAnswer(await schema(), json, `GET ${path}`);
      return select ? select(answer) : (answer as unknown as T);
    },
  };
}

/** What a route's loader works with: the data layer it fills and where its answers come from. */
export interface PageData {
  queryClient: QueryClient;
  readJson: ReadJson;
  /** On the server a read it cannot answer leaves the page drawing its loading state; the browser asks. */
  onServer: boolean;
}

/**
 * Answers already read, by the answer as it came and the read's address: the server hands every
 * page drawn from the same answer the same object (the calendar's, for every visitor), so it is
 * checked once, not on every page. An answer fetched in the browser is a new object each time.
 */
const parsed = new WeakMap<object, Map<string, Promise<unknown>>>();

function parseOnce<T>(read: ApiRead<T>, json: unknown): Promise<T> {
  if (typeof json !== 'object' || json === null) return Promise.resolve(read.parse(json));
  let byPath = parsed.get(json);
  if (!byPath) parsed.set(json, (byPath = new Map()));
  let answer = byPath.get(read.path) as Promise<T> | undefined;
  if (!answer) {
    answer = Promise.resolve(read.parse(json));
    byPath.set(read.path, answer);
    // A failed reading is not kept: the next page tries again.
    answer.catch(() => byPath.delete(read.path));
  }
  return answer;
}

/** The read's query, answered through `readJson`. */
export function readQuery<T>(read: ApiRead<T>, readJson: ReadJson = fetchJson) {
  return queryOptions({
    queryKey: read.queryKey,
    queryFn: async ({ signal }): Promise<T> => {
      const json = await readJson(read.path, signal);
      if (json === undefined) throw new Error(`${read.path} is left to the browser`);
      return parseOnce(read, json);
    },
  });
}

/**
 * Puts the read's answer in the data layer, for a route's loader: in the browser the page then
 * draws at once (a failure is kept for the page, which shows it with Try Again); on the server a
 * failure is dropped, so the page is drawn loading as the browser's first render also draws it,
 * and the browser asks again.
 */
export async function preloadRead<T>({ queryClient, readJson, onServer }: PageData, read: ApiRead<T>): Promise<void> {
  await queryClient.prefetchQuery(readQuery(read, readJson));
  if (onServer && queryClient.getQueryState(read.queryKey)?.status !== 'success') {
    queryClient.removeQueries({ queryKey: read.queryKey, exact: true });
  }
}

/**
 * A component's view of the read: loading, its data or its error, and Try Again. Its query is the
 * one the route's loader fills (readQuery), so the page finds the loader's answer under the same
 * key and options.
 */
export function useApiRead<T>(read: ApiRead<T>): AsyncState<T> & { reload: () => void } {
  return useQueryState(readQuery(read));
}

/**
 * A members' page's read named by one argument (an id, a link's token), declared once: its query
 * (the route's loader's and the component's) and the hook its component calls.
 */
export function pageReadOf<T>(read: (argument: string) => ApiRead<T>) {
  return {
    queryOptions: (argument: string) => readQuery(read(argument)),
    useRead: (argument: string) => useApiRead(read(argument)),
  };
}
