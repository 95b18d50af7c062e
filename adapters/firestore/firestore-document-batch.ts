import { FieldPath, FieldValue, type DocumentData, type DocumentReference, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { pauseAfterLostRace } from './firestore-turns';

/**
 * What one change makes of its document: `write` the document's next data (`null`: delete it;
 * absent: leave it as it is) and `result` what the caller is answered once the commit has landed.
 */
export interface DocumentChange<T> {
  write?: DocumentData | null;
  result: T;
}

interface Waiting {
  ref: DocumentReference;
  decide: (current: DocumentData | undefined) => DocumentChange<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * At most this many changes in one transaction: each may write one document, and a commit takes
 * at most 500 writes.
 */
export const MOST_CHANGES_PER_COMMIT = 200;

/** How long a document this process wrote is remembered as written (its next change reads nothing). */
const KNOWN_FOR_MS = 60_000;
/** The most documents remembered; the oldest are forgotten first. */
const KNOWN_MOST = 5_000;

/** Tries of a group whose documents other processes keep changing, before its error is thrown. */
const RACED_ATTEMPTS = 30;

/**
 * Group commits under way at once in one process (on different documents). One: the changes
 * asked for while a group is under way wait for it and go together in the next, so that changes
 * arriving a few milliseconds apart (members pressing Book within seconds, not in one instant)
 * share round trips rather than each taking a group of its own (ADR 63).
 */
export const MOST_GROUPS_RUNNING = 1;

/**
 * Group commit for small read-modify-write changes of single documents (ADR 63). Within a
 * process, the changes asked for in one turn of the event loop, or while a group is under way,
 * are made together: one read of all their documents (`getAll`), each change decided
 * in its order of arrival on the document as the earlier changes of the group left it, one
 * commit. Each write of the commit requires its document unchanged since it was read (or still
 * absent), so a process that lost a race to another fails as a whole and decides the group again
 * on fresh reads (ADR 63; before, a transaction, which also locked what it read). Within the
 * process, a document is in one group under way at a time, so its changes are made in their
 * order of arrival.
 *
 * A document this process has just written is remembered as written, with its update time, for a
 * minute: its next change reads nothing and requires that update time (a booking's places hold
 * follows its request's counts on the same document). Another process's write meanwhile fails the
 * commit, and the group is decided again on fresh reads.
 *
 * Reads and writes billed are at most those of the changes made one by one (one read per distinct
 * document of the group not remembered, at most one write per document); the round trips and
 * commits are shared by the whole group.
 */
export class FirestoreDocumentBatch {
  private queue: Waiting[] = [];
  private running = 0;
  private scheduled = false;
  /** The documents of the groups under way: a change of one of them waits for its group. */
  private readonly busy = new Set<string>();
  /** The documents this process wrote lately, as written, with their update times (oldest first). */
  private readonly known = new Map<string, { data: DocumentData | undefined; updateTime: Timestamp | null; until: number }>();

  constructor(
    private readonly db: Firestore,
    private readonly mostRunning = MOST_GROUPS_RUNNING,
  ) {}

  /** Makes `decide`'s change of `ref` in the next group commit; its result once committed. */
  change<T>(ref: DocumentReference, decide: (current: DocumentData | undefined) => DocumentChange<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ref, decide, resolve: resolve as (value: unknown) => void, reject });
      // The changes asked for in the same turn of the event loop start together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.start();
        });
      }
    });
  }

  /**
   * Starts groups while fewer than `mostRunning` are under way: each of the waiting changes in
   * order of arrival whose document is in no group under way, and after no earlier change of its
   * document still waiting (so each document's changes are made in their order of arrival).
   */
  private start(): void {
    while (this.running < this.mostRunning && this.queue.length > 0) {
      const group: Waiting[] = [];
      const rest: Waiting[] = [];
      const held = new Set<string>();
      for (const waiting of this.queue) {
        const path = waiting.ref.path;
        if (group.length < MOST_CHANGES_PER_COMMIT && !this.busy.has(path) && !held.has(path)) group.push(waiting);
        else {
          rest.push(waiting);
          held.add(path);
        }
      }
      if (group.length === 0) return;
      this.queue = rest;
      void this.run(group);
    }
  }

  private async run(group: Waiting[]): Promise<void> {
    this.running += 1;
    const paths = new Set(group.map((waiting) => waiting.ref.path));
    for (const path of paths) this.busy.add(path);
    try {
      const results = await this.commit(group);
      group.forEach((waiting, i) => waiting.resolve(results[i]));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    } finally {
      for (const path of paths) this.busy.delete(path);
      this.running -= 1;
      this.start();
    }
  }

  /**
   * One group's changes: the documents this process does not know read in one round trip (those
   * it wrote itself a moment ago are known as written, with their update time), each change
   * decided in order, then one commit whose writes each require the document as decided upon:
   * unchanged since the update time read or known (`lastUpdateTime`), or still absent (`create`).
   * When another process changed one of them meanwhile, the commit fails as a whole and the group
   * is decided again on fresh reads, as a transaction would be; no lock is held in between.
   */
  private commit(group: Waiting[]): Promise<unknown[]> {
    return withCoreErrors(() => this.decideAndWrite(group));
  }

  private async decideAndWrite(group: Waiting[]): Promise<unknown[]> {
    const refs = new Map<string, DocumentReference>();
    for (const waiting of group) refs.set(waiting.ref.path, waiting.ref);
    for (let attempt = 1; ; attempt += 1) {
      const now = Date.now();
      const state = new Map<string, Current>();
      const unknown: DocumentReference[] = [];
      for (const [path, ref] of refs) {
        const known = this.known.get(path);
        if (known && known.until > now)
          state.set(path, { original: known.data, data: known.data, updateTime: known.updateTime, fromMemory: true, changed: false });
        else unknown.push(ref);
      }
      if (unknown.length > 0) {
        for (const snapshot of await this.db.getAll(...unknown)) {
          const data = snapshot.exists ? snapshot.data() : undefined;
          state.set(snapshot.ref.path, { original: data, data, updateTime: snapshot.exists ? snapshot.updateTime! : null, fromMemory: false, changed: false });
        }
      }
      const results = group.map((waiting) => {
        const doc = state.get(waiting.ref.path)!;
        const { write, result } = waiting.decide(doc.data);
        if (write !== undefined) {
          doc.data = write ?? undefined;
          doc.changed = true;
        }
        return result;
      });
      // A change decided on the document as remembered, and writing nothing, has nothing to
      // check it against: those documents are read afresh and the group decided again.
      const unchecked = [...state].filter(([, doc]) => doc.fromMemory && !doc.changed).map(([path]) => path);
      if (unchecked.length > 0) {
        for (const path of unchecked) this.known.delete(path);
        continue;
      }
      const batch = this.db.batch();
      const written: [string, DocumentData | undefined][] = [];
      for (const [path, doc] of state) {
        if (!doc.changed) continue;
        const ref = refs.get(path)!;
        if (doc.updateTime === null) {
          if (doc.data === undefined) continue;
          batch.create(ref, doc.data);
        } else if (doc.data === undefined) batch.delete(ref, { lastUpdateTime: doc.updateTime });
        else {
          // The whole document replaced, as `set` would, but only if unchanged since it was read.
          const [field, value, ...more] = replacingFields(doc.original ?? {}, doc.data);
          batch.update(ref, field, value, ...more, { lastUpdateTime: doc.updateTime });
        }
        written.push([path, doc.data]);
      }
      try {
        const writes = written.length === 0 ? [] : await batch.commit();
        written.forEach(([path, data], i) => this.remember(path, data, data === undefined ? null : writes[i].writeTime));
        return results;
      } catch (error) {
        for (const path of refs.keys()) this.known.delete(path);
        const code = firestoreCode(error);
        const raced = code === FIRESTORE_CODES.FAILED_PRECONDITION || code === FIRESTORE_CODES.ALREADY_EXISTS || code === FIRESTORE_CODES.NOT_FOUND;
        if (!raced || attempt >= RACED_ATTEMPTS) throw error;
        await pauseAfterLostRace(attempt);
      }
    }
  }

  /** Remembers a document as this process has just written it (absent: deleted), for a while. */
  private remember(path: string, data: DocumentData | undefined, updateTime: Timestamp | null): void {
    this.known.delete(path);
    this.known.set(path, { data, updateTime, until: Date.now() + KNOWN_FOR_MS });
    if (this.known.size > KNOWN_MOST) this.known.delete(this.known.keys().next().value!);
  }
}

/**
 * The fields and values for `update` that make a document of `before` into `after`: each field of
 * `after` set (a map replaces the whole map), each field only `before` has deleted.
 */
function replacingFields(before: DocumentData, after: DocumentData): [FieldPath, unknown, ...unknown[]] {
  const pairs: unknown[] = [];
  for (const [name, value] of Object.entries(after)) pairs.push(new FieldPath(name), value);
  for (const name of Object.keys(before)) if (!(name in after)) pairs.push(new FieldPath(name), FieldValue.delete());
  if (pairs.length === 0) throw new Error('A change must write a document with at least one field, or null to delete it');
  return pairs as [FieldPath, unknown, ...unknown[]];
}

interface Current {
  /** The document as read or remembered, before the group's changes. */
  original: DocumentData | undefined;
  data: DocumentData | undefined;
  /** When the document was last written, as read or remembered; null: it does not exist. */
  updateTime: Timestamp | null;
  fromMemory: boolean;
  changed: boolean;
}
