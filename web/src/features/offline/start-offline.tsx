import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { noteNoConnection, noteStoredAnswer } from '../../lib/offline-status';
import { OfflineBanner } from './offline-banner';
import { STORED_AT_ATTRIBUTE } from '../../lib/service-worker-routes';
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

/**
 * The app's offline side (docs/offline.md), started once the page has loaded: the banner and the
 * update prompt in a root of their own beside the page (the server's drawing stays as it is), and
 * the service worker's registration. A page the service worker served from the device says so on
 * its `<html>`; the browser's own online and offline events count too.
 */
export function startOffline(): void {
  document.documentElement.dataset.appBuild = __APP_BUILD__;
  const storedAt = document.documentElement.getAttribute(STORED_AT_ATTRIBUTE);
  if (storedAt !== null) noteStoredAnswer(storedAt);
  else if (!navigator.onLine) noteNoConnection();
  window.addEventListener('offline', noteNoConnection);
  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(<Shell />);
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      updateWaiting = () => update(true);
      for (const listener of updateListeners) listener();
    },
  });
}
