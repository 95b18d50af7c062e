import { isKeptPage, KEEP_PAGE_HEADER } from '../../lib/service-worker-routes';

/** Tells `listener` the address (path and query) of each page the app shows; returns the way to stop. */
export type OnPageShown = (listener: (address: string) => void) => () => void;

/**
 * Makes "offline after one visit" true for pages reached by a link (docs/offline.md): the service
 * worker keeps what the browser opens by its address (a navigation), but a link the app follows
 * draws the page in the browser, and nothing asks the server for that address. So the app asks for
 * it, in the background, with KEEP_PAGE_HEADER: the worker keeps the server's drawing (with its
 * data) under that address, as if it had been opened there. The page the worker did not serve (the
 * first visit, before the worker ran) is asked for the same way once the worker controls the page.
 * Only online, and only addresses the worker would keep (never the deny list).
 */
export function keepPagesReachedByLinks(onPageShown: OnPageShown): void {
  const worker = navigator.serviceWorker;
  // Asked once the worker controls a page of this tab, in the order they were shown: kept in the
  // tab's session storage meanwhile, so a page left before the first worker took over (the
  // member moved on at once) is asked for by the next page instead.
  const waiting = new Set<string>(readWaiting());
  const keep = (address: string) => {
    const url = new URL(address, window.location.origin);
    if (!isKeptPage({ request: { mode: 'navigate', method: 'GET' }, url, sameOrigin: url.origin === window.location.origin })) return;
    if (!worker.controller || !navigator.onLine) {
      waiting.add(url.href);
      writeWaiting(waiting);
      return;
    }
    // A redirect is left to the browser (never kept for the address); a failure leaves the page unkept.
    void fetch(url.href, { headers: { [KEEP_PAGE_HEADER]: '1', Accept: 'text/html' }, credentials: 'same-origin', redirect: 'manual' }).catch(() => undefined);
  };
  const flush = () => {
    const addresses = [...waiting];
    waiting.clear();
    writeWaiting(waiting);
    for (const address of addresses) keep(address);
  };
  // The first page shown was opened by its address: kept already when the worker served it.
  const servedByWorker = worker.controller !== null;
  let first = true;
  let last = '';
  worker.addEventListener('controllerchange', flush);
  window.addEventListener('online', flush);
  onPageShown((address) => {
    const href = new URL(address, window.location.origin).href;
    if (href === last) return;
    last = href;
    const opened = first;
    first = false;
    if (!(opened && servedByWorker)) keep(href);
  });
  if (worker.controller) flush();
}

const WAITING_KEY = 'kyc-pages-to-keep';

function readWaiting(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(WAITING_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writeWaiting(addresses: ReadonlySet<string>): void {
  try {
    if (addresses.size === 0) sessionStorage.removeItem(WAITING_KEY);
    else sessionStorage.setItem(WAITING_KEY, JSON.stringify([...addresses]));
  } catch {
    // Storage refused: those pages are kept only if this page lives until the worker takes over.
  }
}
