import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

/** The id of the `<script type="application/json">` that carries a server-drawn page's state. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * What the server put in a page it drew, for the app to hydrate it as drawn: the router's state
 * (its loaders' results), the data layer's answers the page was drawn from, and the origin the
 * server saw (for addresses drawn with it).
 */
export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
  origin: string;
  /** The page's script chunks beyond the entry's, each after those it imports (server/http/member-pages.ts). */
  scripts?: string[];
}

/** The state as page text: JSON inside the script element, with no `<` that could close it. */
export function pageStateScript(state: PageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${json}</script>`;
}

/**
 * The state of the page the server drew, with its answers put in `client`'s data layer, or null
 * for a page the server did not draw (the admin panel). The answers count as fetched now: they
 * are as fresh as the page, so none is asked for again at once, whatever the clocks say.
 */
export function readPageState(client: QueryClient): PageState | null {
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let state: PageState;
  try {
    state = JSON.parse(text) as PageState;
  } catch {
    return null;
  }
  const now = Date.now();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
  hydrate(client, state.queries);
  return state;
}
