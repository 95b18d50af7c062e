import { createHash } from 'node:crypto';
import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { AddressLimitStore, HoldPlacesResult, PlaceHold } from '../../core/shared/address-limit-store.port';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { inTurn, TRANSACTION_ATTEMPTS } from './firestore-turns';

type Holds = Record<string, { places: number; untilMs: number }>;

/**
 * In the `addressLimits` collection: per key one window document (`w-<hash>`: hits, resetAtMs)
 * and one holds document (`h-<hash>`: a map of hold id to places and end). Each change reads and
 * writes its one document in a transaction, so concurrent instances never lose a count.
 */
export class FirestoreAddressLimitStore implements AddressLimitStore {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private doc(kind: 'w' | 'h', key: string) {
    return collectionOf(this.db, 'addressLimits', this.options).doc(`${kind}-${createHash('sha256').update(key).digest('hex')}`);
  }

  private transact<T>(turn: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return inTurn(this.db, turn, () => withCoreErrors(() => this.db.runTransaction(work, { maxAttempts: TRANSACTION_ATTEMPTS })));
  }

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const ref = this.doc('w', key);
    return this.transact(ref.path, async (tx) => {
      const snapshot = await tx.get(ref);
      const resetAtMs = snapshot.exists ? Number(snapshot.get('resetAtMs')) : 0;
      if (resetAtMs > now.getTime()) {
        const hits = Number(snapshot.get('hits')) + 1;
        tx.update(ref, { hits });
        return { hits, resetAt: new Date(resetAtMs) };
      }
      const fresh = now.getTime() + windowMs;
      tx.set(ref, { key, hits: 1, resetAtMs: fresh });
      return { hits: 1, resetAt: new Date(fresh) };
    });
  }

  async unhit(key: string): Promise<void> {
    const ref = this.doc('w', key);
    await this.transact(ref.path, async (tx) => {
      const snapshot = await tx.get(ref);
      if (snapshot.exists && Number(snapshot.get('hits')) > 0) tx.update(ref, { hits: Number(snapshot.get('hits')) - 1 });
    });
  }

  async reset(key: string): Promise<void> {
    const ref = this.doc('w', key);
    await this.transact(ref.path, async (tx) => {
      tx.delete(ref);
    });
  }

  async holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult> {
    const ref = this.doc('h', key);
    return this.transact(ref.path, async (tx) => {
      const snapshot = await tx.get(ref);
      const holds: Holds = {};
      for (const [id, held] of Object.entries((snapshot.exists ? snapshot.get('holds') : null) ?? {}) as [string, { places: number; untilMs: number }][]) {
        if (held.untilMs > limit.now.getTime()) holds[id] = held;
      }
      const placesHeld = Object.values(holds).reduce((sum, held) => sum + held.places, 0);
      if (placesHeld + hold.places > limit.max) return { held: false, placesHeld };
      holds[hold.id] = { places: hold.places, untilMs: hold.until.getTime() };
      // The whole map is written back, which also drops the holds that have ended.
      tx.set(ref, { key, holds });
      return { held: true };
    });
  }

  async releasePlaces(key: string, holdId: string): Promise<void> {
    const ref = this.doc('h', key);
    await this.transact(ref.path, async (tx) => {
      const snapshot = await tx.get(ref);
      if (snapshot.exists) tx.update(ref, new FieldPath('holds', holdId), FieldValue.delete());
    });
  }
}
