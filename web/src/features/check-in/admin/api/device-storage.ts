import { deleteDB, openDB, type IDBPDatabase } from 'idb';

/** A key-value store on the device, as the query persister takes it (docs/officer-of-the-day.md). */
export interface DeviceStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Deletes everything kept, and writes nothing more: a write already scheduled lands nowhere. */
  forget(): Promise<void>;
}

/** The officer's day's IndexedDB database (version 1 held a hand-made queue: its stores go, its marks are handed on). */
const DB_NAME = 'kyc-officer-day';
const STORE = 'cache';
/** Where the marks version 1 had not sent wait (JSON, as they were kept) until the client takes them. */
export const V1_MARKS = 'v1-marks';

/** The officer's day's store on the device: IndexedDB, opened on first use. */
export function indexedDbStorage(): DeviceStorage {
  let opened: Promise<IDBPDatabase> | null = null;
  let forgotten = false;
  const db = () =>
    (opened ??= openDB(DB_NAME, 2, {
      async upgrade(database, oldVersion, _newVersion, transaction) {
        // A page updated while marks waited (a new version reloaded with no signal): they are sent still.
        const marks: unknown[] = oldVersion === 1 && database.objectStoreNames.contains('marks') ? await transaction.objectStore('marks').getAll() : [];
        for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
        const store = database.createObjectStore(STORE);
        if (marks.length > 0) await store.put(JSON.stringify(marks), V1_MARKS);
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
