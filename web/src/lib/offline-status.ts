import { CACHE_NAMES } from './service-worker-routes';

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

/**
 * Forgets what the device kept of a member's own (their pages and API answers), at sign-out: the
 * next person on a shared phone does not see it offline. Documents and the app itself stay.
 */
export async function forgetKeptMemberData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(CACHE_NAMES.apiReads), caches.delete(CACHE_NAMES.pages)]);
}
