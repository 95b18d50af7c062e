import { CACHE_NAMES, FORGET_MARK } from './service-worker-routes';

/**
 * Whether what the member sees came from the device rather than the server, and when it was
 * stored (docs/offline.md): read from the page's `<html>` mark and the API answers' header that
 * the service worker adds to what it serves from its caches (service-worker-routes.ts),
 * and from failed requests. The offline banner shows it; nothing here asks the server.
 */
export interface OfflineStatus {
  /** Something on screen came from the device, or a request just failed for want of a connection. */
  offline: boolean;
  /** When the oldest thing shown from the device was stored (the server's time then), if known. */
  storedAt: Date | null;
}

const ONLINE: OfflineStatus = { offline: false, storedAt: null };
let status: OfflineStatus = ONLINE;
const listeners = new Set<() => void>();

function set(next: OfflineStatus): void {
  if (next.offline === status.offline && next.storedAt?.getTime() === status.storedAt?.getTime()) return;
  status = next;
  for (const listener of listeners) listener();
}

function parseStoredAt(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The status now (for useSyncExternalStore). */
export function offlineStatus(): OfflineStatus {
  return status;
}

/** Calls `listener` on every change of the status; returns the way to stop. */
export function onOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An answer was served from the device, stored at `storedAtHeader` (an HTTP date): the oldest such time is shown. */
export function noteStoredAnswer(storedAtHeader: string | null | undefined): void {
  const storedAt = parseStoredAt(storedAtHeader);
  const oldest = status.storedAt && storedAt && status.storedAt < storedAt ? status.storedAt : (storedAt ?? status.storedAt);
  set({ offline: true, storedAt: oldest });
}

/** A request failed for want of a connection: offline, with whatever stored time is known. */
export function noteNoConnection(): void {
  set({ offline: true, storedAt: status.storedAt });
}

/** The server answered: what comes next is fresh. */
export function noteServerAnswer(): void {
  set(ONLINE);
}

/** Workbox's own record of when each kept answer was stored (its expiration), by address: workbox-expiration 7's schema. */
const EXPIRATION_DB = { name: 'workbox-expiration', store: 'cache-entries', byCache: 'cacheName' } as const;

/**
 * Forgets what the device kept of a member's own (their pages and API answers), at sign-out and
 * erasure: the next person on a shared phone does not see it offline (docs/offline.md). The
 * worker's note of each kept address goes too (a booking's page address holds its manage link's
 * token). Documents and the app itself stay. A read still on its way is not kept when it arrives
 * (keepNothingAcrossForget in service-worker-routes.ts).
 */
export async function forgetKeptMemberData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const kept = [CACHE_NAMES.apiReads, CACHE_NAMES.pages];
  // First a new mark: the worker keeps no answer to a request that left before it (keepNothingAcrossForget).
  await (await caches.open(FORGET_MARK.cacheName)).put(FORGET_MARK.url, new Response(`${Date.now()}-${Math.random()}`));
  await Promise.all(kept.map((name) => caches.delete(name)));
  await forgetExpirationNotes(kept).catch(() => undefined);
}

/** Deletes the worker's expiration notes of `cacheNames`, if it has any (its database stays: the worker holds it open). */
async function forgetExpirationNotes(cacheNames: readonly string[]): Promise<void> {
  if (typeof indexedDB === 'undefined' || !(await indexedDB.databases()).some((db) => db.name === EXPIRATION_DB.name)) return;
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(EXPIRATION_DB.name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('The expiration notes did not open'));
  });
  try {
    if (!database.objectStoreNames.contains(EXPIRATION_DB.store)) return;
    const transaction = database.transaction(EXPIRATION_DB.store, 'readwrite');
    const index = transaction.objectStore(EXPIRATION_DB.store).index(EXPIRATION_DB.byCache);
    for (const name of cacheNames) {
      index.openCursor(IDBKeyRange.only(name)).onsuccess = function onRow() {
        const cursor = this.result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      };
    }
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('The expiration notes were not deleted'));
    });
  } finally {
    database.close();
  }
}
