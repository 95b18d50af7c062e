import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { noteNoConnection, noteStoredAnswer } from '../../lib/offline-status';
import { OfflineBanner } from './offline-banner';
import { CACHE_NAMES, STORED_AT_ATTRIBUTE, STORED_AT_HEADER } from '../../lib/service-worker-routes';
import { keepPagesReachedByLinks, type OnPageShown } from './keep-pages';
import { UpdatePrompt } from './update-prompt';
import './offline.css';

/** The build this page runs, named at build time (web/vite.config.ts): a test tells two builds apart by it. */
declare const __APP_BUILD__: string;

let updateWaiting: (() => Promise<void>) | null = null;
const updateListeners = new Set<() => void>();
const onUpdate = (listener: () => void) => {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
};

function Shell() {
  const reload = useSyncExternalStore(onUpdate, () => updateWaiting);
  return (
    <aside className="offline-shell" aria-label="Connection and updates">
      <OfflineBanner />
      {reload && <UpdatePrompt reload={reload} />}
    </aside>
  );
}

/** Once a visit: the documents were looked at for those to keep. */
const KEPT_DOCUMENTS_CHECKED = 'kyc-kept-documents-checked';

/**
 * Keeps the PDFs of the documents an admin marked "keep offline" (the sailing instructions) on this
 * device, once the service worker runs: each is fetched once into the documents' cache, where the
 * worker finds it offline (docs/offline.md). Opening one online fetches it anew. Once per visit.
 * Plain requests, not the data layer's: nothing is shown from them, they only fill the device's cache.
 */
async function keepMarkedDocuments(): Promise<void> {
  await navigator.serviceWorker.ready;
  if (!navigator.onLine || sessionStorage.getItem(KEPT_DOCUMENTS_CHECKED) !== null) return;
  const answer = await fetch('/api/documents', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!answer.ok || answer.headers.has(STORED_AT_HEADER)) return;
  const { documents } = (await answer.json()) as { documents: { url: string; keepOffline?: boolean }[] };
  const cache = await caches.open(CACHE_NAMES.documents);
  for (const document of documents) {
    if (document.keepOffline && !(await cache.match(document.url))) await cache.add(document.url);
  }
  sessionStorage.setItem(KEPT_DOCUMENTS_CHECKED, '1');
}

/**
 * The app's offline side (docs/offline.md), started once the app runs the page (web/src/main.tsx): the banner and the
 * update prompt in a root of their own beside the page (the server's drawing stays as it is), and
 * the service worker's registration. A page the service worker served from the device says so on
 * its `<html>`; the browser's own "offline" counts too (back online, the server's next answer clears it).
 * `onPageShown` tells of each page the app draws after a link, so the device keeps it too.
 */
export function startOffline(onPageShown: OnPageShown): void {
  document.documentElement.dataset.appBuild = __APP_BUILD__;
  const storedAt = document.documentElement.getAttribute(STORED_AT_ATTRIBUTE);
  if (storedAt !== null) noteStoredAnswer(storedAt);
  else if (!navigator.onLine) noteNoConnection();
  window.addEventListener('offline', noteNoConnection);
  const host = document.createElement('div');
  host.className = 'offline-host';
  document.body.appendChild(host);
  createRoot(host).render(<Shell />);
  if (!('serviceWorker' in navigator)) return;
  // Not kept now (storage full, the network gone): tried again on the next visit.
  keepMarkedDocuments().catch(() => undefined);
  keepPagesReachedByLinks(onPageShown);
  const update = registerSW({
    immediate: true,
    // A browser that refuses service workers (some private windows): the app still works online.
    onRegisterError: () => undefined,
    onNeedRefresh() {
      updateWaiting = () => update(true);
      for (const listener of updateListeners) listener();
    },
  });
}
