import { deleteDB, openDB, type IDBPDatabase } from 'idb';

/** A key-value store on the device, as the query persister takes it (docs/officer-of-the-day.md). */
export interface DeviceStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Deletes everything kept, and writes nothing more: a write already scheduled lands nowhere. */
  forget(): Promise<void>;
}

/** The officer's day's IndexedDB database (version 1 held the hand-made queue: its stores go). */
const DB_NAME = 'kyc-officer-day';
const STORE = 'cache';

/** The officer's day's store on the device: IndexedDB, opened on first use. */
export function indexedDbStorage(): DeviceStorage {
  let opened: Promise<IDBPDatabase> | null = null;
  let forgotten = false;
  const db = () =>
    (opened ??= openDB(DB_NAME, 2, {
      upgrade(database) {
        for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
        database.createObjectStore(STORE);
      },
      // Another tab signs out (deletes the database): this one lets go of it.
      blocking() {
        void opened?.then((database) => database.close());
        opened = null;
      },
    }));
  return {
    getItem: async (key) => ((await (await db()).get(STORE, key)) as string | undefined) ?? null,
    setItem: async (key, value) => {
      if (!forgotten) await (await db()).put(STORE, value, key);
    },
    removeItem: async (key) => {
      await (await db()).delete(STORE, key);
    },
    forget: async () => {
      forgotten = true;
      const current = opened;
      opened = null;
      if (current) (await current.catch(() => null))?.close();
      await deleteDB(DB_NAME);
    },
  };
}
