/**
 * What the service worker keeps and answers from the device (docs/offline.md, ADR 48). Workbox's
 * generateSW (vite-plugin-pwa, web/vite.config.ts) writes these functions' source into the service
 * worker as they are, so each stands alone: no imports, no names from outside its own body.
 * test/app/unit/service-worker-routes.test.ts checks them with the requests a browser makes.
 */

/** A request as Workbox hands it to a route's match function. */
export interface RouteRequest {
  request: { mode: string; method: string; headers?: { get(name: string): string | null } };
  url: URL;
  sameOrigin: boolean;
}

/** The header a stored answer carries when it is served from the device: the time it was stored (its `Date`). */
export const STORED_AT_HEADER = 'X-Offline-Stored-At';

/** The attribute a page served from the device carries on its `<html>`: the time it was stored. */
export const STORED_AT_ATTRIBUTE = 'data-offline-stored-at';

/**
 * The header of the app's own request for a page it reached by a link (web/src/features/offline/keep-pages.ts):
 * the service worker keeps the server's drawing of that address as if it had been opened by its address.
 */
export const KEEP_PAGE_HEADER = 'X-Keep-Page';

/** The service worker's caches, by name (the sign-out empties the members' data ones). */
export const CACHE_NAMES = { pages: 'kyc-pages', apiReads: 'kyc-api-reads', documents: 'kyc-documents' } as const;

/**
 * A page the member or officer opens (a navigation, or the app's request for a page it reached by
 * a link, marked with KEEP_PAGE_HEADER), kept per address with its data: every such request except the deny list, which the service worker leaves to the network and never
 * answers with a page: the API, calendar feeds (`.ics`) and any other file (an extension in the
 * path: a download, the service worker itself), sign-in links (`/sign-in`, an admin's password
 * reset link) and payment callbacks (the booking page's `payment` or `checkoutId` step).
 */
export function isKeptPage({ request, url, sameOrigin }: RouteRequest): boolean {
  const keepRequest = request.mode !== 'navigate' && request.headers?.get('X-Keep-Page') === '1';
  if (!sameOrigin || (request.mode !== 'navigate' && !keepRequest) || request.method !== 'GET') return false;
  const denied = /^\/(?:api(?:\/|$)|sign-in\/?$|admin\/reset-password\/?$)|\.[a-z0-9]+$/i;
  const paymentStep = /[?&](?:payment|checkoutId)=/i;
  return !denied.test(url.pathname) && !paymentStep.test(url.search);
}

/**
 * A read of the API made by a page (My club, the calendar's list...): kept so the page shows the
 * last answer offline. Not the admin panel's (the officer's day keeps its own data), not the
 * payment provider's webhooks, not a document's file (kept apart, isKeptDocument), and never a navigation.
 */
export function isKeptApiRead({ request, url, sameOrigin }: RouteRequest): boolean {
  if (!sameOrigin || request.mode === 'navigate' || request.method !== 'GET') return false;
  if (!/^\/api\//i.test(url.pathname)) return false;
  return !/^\/api\/(?:admin|webhooks)(?:\/|$)/i.test(url.pathname) && !/^\/api\/documents\/[^/]+\/file$/i.test(url.pathname);
}

/** A document's PDF (opened inline in a tab of its own): kept once opened, so it opens offline. */
export function isKeptDocument({ request, url, sameOrigin }: RouteRequest): boolean {
  return sameOrigin && request.method === 'GET' && /^\/api\/documents\/[^/]+\/file$/i.test(url.pathname);
}

/**
 * A Workbox plugin that keeps nothing the server sent `Cache-Control: no-store`: such an answer goes
 * to the page and is never written to the device. For pages and documents.
 */
export const skipNoStore = {
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response | null> =>
    /(?:^|[\s,])no-store(?:$|[\s,;])/i.test(response.headers.get('Cache-Control') ?? '') ? null : response,
};

/**
 * The same for the API's reads, where the server sends every answer `no-store` (for the browser's
 * and any shared cache): the reads a page shows offline are the one thing this worker keeps of
 * them (forgotten at sign-out and erasure), and a download (the member's data archive, an export:
 * `Content-Disposition: attachment`) is never kept.
 */
export const skipDownloads = {
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response | null> =>
    /^\s*attachment/i.test(response.headers.get('Content-Disposition') ?? '') ? null : response,
};

/**
 * Where the page leaves a new mark each time it forgets a member's kept data (forgetKeptMemberData,
 * web/src/lib/offline-status.ts): one entry of a cache of its own.
 */
export const FORGET_MARK = { cacheName: 'kyc-forget-mark', url: '/__kyc-forget-mark' } as const;

/**
 * A Workbox plugin that keeps no answer asked for before the member's data was forgotten (sign-out,
 * erasure): a read still on its way when the page emptied the caches would otherwise be written
 * into them afterwards, and the next person on a shared phone would see it offline. It notes the
 * forget mark (FORGET_MARK) when the request leaves and keeps the answer only if the mark is the
 * same when it arrives. For pages and API reads.
 */
export const keepNothingAcrossForget = {
  requestWillFetch: async ({ request, state }: { request: Request; state?: Record<string, unknown> }): Promise<Request> => {
    const mark = await caches.match('/__kyc-forget-mark', { cacheName: 'kyc-forget-mark' });
    if (state) state.forgetMark = mark ? await mark.text() : '';
    return request;
  },
  cacheWillUpdate: async ({ response, state }: { response: Response; state?: Record<string, unknown> }): Promise<Response | null> => {
    const mark = await caches.match('/__kyc-forget-mark', { cacheName: 'kyc-forget-mark' });
    const now = mark ? await mark.text() : '';
    return state?.forgetMark === now ? response : null;
  },
};

/**
 * A Workbox plugin that marks an answer served from the device: a header with the time it was
 * stored (the server's `Date` when it was fetched), and for a page an attribute on its `<html>`,
 * so the app can say "Offline, last updated ...". An answer from the network is left as it is.
 */
export const markStoredAnswer = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }): Promise<Response | null | undefined> => {
    if (!cachedResponse) return cachedResponse;
    const storedAt = cachedResponse.headers.get('Date') ?? '';
    const headers = new Headers(cachedResponse.headers);
    headers.set('X-Offline-Stored-At', storedAt);
    // The body may change length (the page's mark): the browser measures it anew.
    headers.delete('Content-Length');
    const init = { status: cachedResponse.status, statusText: cachedResponse.statusText, headers };
    if (!(headers.get('Content-Type') ?? '').startsWith('text/html')) return new Response(cachedResponse.body, init);
    const html = await cachedResponse.text();
    const value = storedAt.replace(/[^\w ,:+-]/g, '');
    return new Response(html.replace(/<html\b/i, `<html data-offline-stored-at="${value}"`), init);
  },
};
