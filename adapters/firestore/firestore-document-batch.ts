import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';

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

/** Group commits under way at once in one process (on different documents). */
export const MOST_GROUPS_RUNNING = 4;

/**
 * Group commit for small read-modify-write changes of single documents (ADR 50). Within a
 * process, the changes asked for in one turn of the event loop, or while the most groups are
 * under way, are made together in one transaction: one read of all their documents (`getAll`),
 * each change decided in its order of arrival on the document as the earlier changes of the
 * group left it, one commit. The transaction keeps processes apart as before (a lost race decides
 * the whole group again on fresh reads); within the process, a document is in one group under
 * way at a time, so its changes are made in their order of arrival.
 *
 * Reads and writes billed stay those of the changes made one by one (one read per distinct
 * document of the group, at most one write per document); the round trips and commits are
 * shared by the whole group.
 */
export class FirestoreDocumentBatch {
  private queue: Waiting[] = [];
  private running = 0;
  private scheduled = false;
  /** The documents of the groups under way: a change of one of them waits for its group. */
  private readonly busy = new Set<string>();

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

  private commit(group: Waiting[]): Promise<unknown[]> {
    const refs = new Map<string, DocumentReference>();
    for (const waiting of group) refs.set(waiting.ref.path, waiting.ref);
    return withCoreErrors(() =>
      this.db.runTransaction(
        async (tx) => {
          const snapshots = await tx.getAll(...refs.values());
          const state = new Map<string, { data: DocumentData | undefined; changed: boolean }>();
          for (const snapshot of snapshots) state.set(snapshot.ref.path, { data: snapshot.exists ? snapshot.data() : undefined, changed: false });
          const results = group.map((waiting) => {
            const doc = state.get(waiting.ref.path)!;
            const { write, result } = waiting.decide(doc.data);
            if (write !== undefined) state.set(waiting.ref.path, { data: write ?? undefined, changed: true });
            return result;
          });
          for (const [path, doc] of state) {
            if (!doc.changed) continue;
            const ref = refs.get(path)!;
            if (doc.data === undefined) tx.delete(ref);
            else tx.set(ref, doc.data);
          }
          return results;
        },
        { maxAttempts: TRANSACTION_ATTEMPTS },
      ),
    );
  }
}
