import { createHash } from 'node:crypto';
import { Timestamp, type Query } from 'firebase-admin/firestore';
import type { AttemptHistory, LoginAttemptStore, ReserveAttemptRequest } from '../../core/admins/login-attempt-store.port';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { deleteAll } from './firestore-delete-all';
import { isDocumentId } from './firestore-document-ids';
import { transactionInTurn } from './firestore-turns';

/**
 * Sign-in attempts in the `loginFailures` collection: one document per attempt and key. A
 * reservation also writes each key's guard document (`loginAttemptGuards`, keyed by a hash of
 * the key): every reservation of a key reads and writes that one document in its transaction, so
 * Firestore runs racing reservations of a key one after another, each seeing the others' attempts.
 */
export class FirestoreLoginAttemptStore extends FirestoreCollectionAdapter implements LoginAttemptStore {
  protected readonly collectionName = 'loginFailures';

  private guard(key: string) {
    return collectionOf(this.db, 'loginAttemptGuards', this.options).doc(createHash('sha256').update(key).digest('hex'));
  }

  async reserve(request: ReserveAttemptRequest): Promise<string | null> {
    const keys = [...new Set(request.keys)].sort();
    if (keys.length === 0) return request.allow({}) ? '' : null;
    const since = Timestamp.fromDate(request.since);
    return transactionInTurn(this.db, `loginAttempts:${keys.join('\n')}`, async (tx) => {
      const guards = keys.map((key) => this.guard(key));
      await tx.getAll(...guards);
      const history: Record<string, AttemptHistory> = {};
      for (const key of keys) {
        const snapshot = await tx.get(this.collection.where('key', '==', key).where('at', '>=', since));
        let last: number | null = null;
        for (const doc of snapshot.docs) {
          const at = (doc.get('at') as Timestamp).toMillis();
          if (last === null || at > last) last = at;
        }
        history[key] = { count: snapshot.size, lastAt: last === null ? null : new Date(last) };
      }
      if (!request.allow(history)) return null;
      const at = Timestamp.fromDate(request.at);
      const ids: string[] = [];
      keys.forEach((key, i) => {
        const ref = this.collection.doc();
        tx.create(ref, { key, at });
        tx.set(guards[i], { key, lastAt: at });
        ids.push(ref.id);
      });
      return ids.join(',');
    });
  }

  async release(reservation: string): Promise<void> {
    const ids = reservation.split(',').filter((id) => isDocumentId(id) && /^[A-Za-z0-9]+$/.test(id));
    if (ids.length === 0) return;
    const batch = this.db.batch();
    for (const id of ids) batch.delete(this.collection.doc(id));
    await withCoreErrors(() => batch.commit());
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    // One failed attempt counts once per key, even if a caller names a key twice.
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    const batch = this.db.batch();
    for (const key of unique) batch.create(this.collection.doc(), { key, at: Timestamp.fromDate(at) });
    await withCoreErrors(() => batch.commit());
  }

  async countSince(key: string, since: Date): Promise<number> {
    const snapshot = await withCoreErrors(() => this.collection.where('key', '==', key).where('at', '>=', Timestamp.fromDate(since)).count().get());
    return snapshot.data().count;
  }

  async clear(key: string): Promise<void> {
    await deleteAll(this.db, this.collection.where('key', '==', key));
  }

  async forgetKeysStartingWith(prefix: string): Promise<number> {
    if (prefix === '') throw new TypeError('A prefix is needed');
    const range = (query: Query) => query.where('key', '>=', prefix).where('key', '<', `${prefix}\u{10FFFF}`);
    const forgotten = await deleteAll(this.db, range(this.collection));
    // The guards hold their key too.
    await deleteAll(this.db, range(collectionOf(this.db, 'loginAttemptGuards', this.options)));
    return forgotten;
  }
}
