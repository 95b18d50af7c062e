import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

/** The id of the `<script type="application/json">` that carries a server-drawn page's state. */
export const DRAWN_PAGE_ELEMENT_ID = 'page-state';

/**
 * What the server put in a page it drew, for the app to hydrate it as drawn: the router's state
 * (its loaders' results), the data layer's answers the page was drawn from (dehydrated, hydrated
 * in the browser by the library's HydrationBoundary), and the origin the server saw (for
 * addresses drawn with it).
 */
export interface DrawnPageState {
  router: HydrationState;
  queries: DehydratedState;
  origin: string;
  /** The page's script chunks beyond the entry's, each after those it imports (server/http/member-pages.ts). */
  scripts?: string[];
}

/** The state as page text: JSON inside the script element, with no `<` that could close it. */
export function drawnPageScript(state: DrawnPageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DRAWN_PAGE_ELEMENT_ID}">${json}</script>`;
}

/** The state of the page the server drew, or null for a page the server did not draw (the admin panel). */
export function readDrawnPageState(): DrawnPageState | null {
  const text = document.getElementById(DRAWN_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DrawnPageState;
  } catch {
    return null;
  }
}
