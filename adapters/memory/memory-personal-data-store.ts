import type { PersonalDataStore, RecordRewrite, StoredRecord } from '../../core/privacy/personal-data-store.port';

type Store = Map<unknown, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The memory storage's records read as plain records (ADR 46): every Map held by the
 * given memory repositories (their own fields, and the fields of the helpers they hold), each
 * Map once, as the kind `<repository>.<field>`. A record that is not an object (a list, a text) is
 * read as `{ value }`. So a map a memory repository adds later is covered as a table would be.
 */
export class MemoryPersonalDataStore implements PersonalDataStore {
  constructor(private readonly repositories: Record<string, object>) {}

  private stores(): Map<string, Store> {
    const found = new Map<string, Store>();
    const seen = new Set<unknown>();
    const visit = (path: string, value: unknown, depth: number) => {
      if (value === null || typeof value !== 'object' || seen.has(value) || depth > 3) return;
      seen.add(value);
      if (value instanceof Map) {
        found.set(path, value as Store);
        return;
      }
      if (isPlainObject(value) || Array.isArray(value)) return;
      for (const [field, inner] of Object.entries(value)) visit(`${path}.${field}`, inner, depth + 1);
    };
    for (const [name, repository] of Object.entries(this.repositories)) visit(name, repository, 0);
    return found;
  }

  async scan(): Promise<StoredRecord[]> {
    const records: StoredRecord[] = [];
    for (const [kind, store] of this.stores()) {
      for (const [key, value] of store) {
        const fields = isPlainObject(value) ? structuredClone(value) : { value: structuredClone(value) };
        const id = String(key);
        records.push({ kind, id, key: typeof fields.id === 'string' ? fields.id : id, fields });
      }
    }
    return records;
  }

  async rewrite(changes: readonly RecordRewrite[]): Promise<void> {
    const stores = this.stores();
    const writes = changes.map((change) => {
      const store = stores.get(change.kind);
      const key = store && [...store.keys()].find((k) => String(k) === change.id);
      if (!store || key === undefined) throw new Error(`No record ${change.kind} ${change.id} to rewrite`);
      return { store, key, change, plain: isPlainObject(store.get(key)) };
    });
    // Checked first, written after: all or none.
    for (const { store, key, change, plain } of writes) {
      const value = plain ? structuredClone(change.fields) : structuredClone(change.fields.value);
      if (change.newId !== change.id) {
        store.delete(key);
        store.set(change.newId, value);
      } else {
        store.set(key, value);
      }
    }
  }

  /** Memory keeps no file: nothing to drop. */
  async dropOldCopies(): Promise<void> {}
}
