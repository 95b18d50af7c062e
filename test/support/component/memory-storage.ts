import type { DeviceStorage } from '../../../web/src/features/check-in/admin/api/device-storage';

/**
 * The officer's day's device store in memory (happy-dom has no IndexedDB): the same contract;
 * `entries` stand for the device (a page opened again passes them back).
 */
export function memoryStorage(entries = new Map<string, string>()): DeviceStorage & { entries: Map<string, string> } {
  let forgotten = false;
  return {
    entries,
    getItem: async (key) => entries.get(key) ?? null,
    setItem: async (key, value) => {
      if (!forgotten) entries.set(key, value);
    },
    removeItem: async (key) => {
      entries.delete(key);
    },
    forget: async () => {
      forgotten = true;
      entries.clear();
    },
  };
}
