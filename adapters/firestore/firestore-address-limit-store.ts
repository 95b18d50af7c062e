import { createHash } from 'node:crypto';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { AddressLimitStore, HoldPlacesResult, PlaceHold } from '../../core/shared/address-limit-store.port';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { FirestoreDocumentBatch } from './firestore-document-batch';

type Holds = Record<string, { places: number; untilMs: number }>;

const holdsOf = (data: DocumentData | undefined): Holds => ((data?.holds as Holds | undefined) ?? {});

/**
 * In the `addressLimits` collection: per key one window document (`w-<hash>`: hits, resetAtMs)
 * and one holds document (`h-<hash>`: a map of hold id to places and end). Each change reads and
 * writes its one document in a transaction, so concurrent instances never lose a count; the
 * changes asked for at the same time in one process share one transaction (a group commit, ADR
 * 50), so a booking rush does not make three transactions per booking.
 */
export class FirestoreAddressLimitStore implements AddressLimitStore {
  private readonly batch: FirestoreDocumentBatch;

  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {
    this.batch = new FirestoreDocumentBatch(db);
  }

  private doc(kind: 'w' | 'h', key: string) {
    return collectionOf(this.db, 'addressLimits', this.options).doc(`${kind}-${createHash('sha256').update(key).digest('hex')}`);
  }

  hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    return this.batch.change(this.doc('w', key), (current) => {
      const resetAtMs = current ? Number(current.resetAtMs) : 0;
      if (resetAtMs > now.getTime()) {
        const hits = Number(current!.hits) + 1;
        return { write: { ...current, hits }, result: { hits, resetAt: new Date(resetAtMs) } };
      }
      const fresh = now.getTime() + windowMs;
      return { write: { key, hits: 1, resetAtMs: fresh }, result: { hits: 1, resetAt: new Date(fresh) } };
    });
  }

  unhit(key: string): Promise<void> {
    return this.batch.change(this.doc('w', key), (current) =>
      current && Number(current.hits) > 0 ? { write: { ...current, hits: Number(current.hits) - 1 }, result: undefined } : { result: undefined },
    );
  }

  reset(key: string): Promise<void> {
    return this.batch.change(this.doc('w', key), () => ({ write: null, result: undefined }));
  }

  holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult> {
    return this.batch.change<HoldPlacesResult>(this.doc('h', key), (current) => {
      const holds: Holds = {};
      for (const [id, held] of Object.entries(holdsOf(current))) {
        if (held.untilMs > limit.now.getTime()) holds[id] = held;
      }
      const placesHeld = Object.values(holds).reduce((sum, held) => sum + held.places, 0);
      if (placesHeld + hold.places > limit.max) return { result: { held: false, placesHeld } };
      holds[hold.id] = { places: hold.places, untilMs: hold.until.getTime() };
      // The whole map is written back, which also drops the holds that have ended.
      return { write: { key, holds }, result: { held: true } };
    });
  }

  releasePlaces(key: string, holdId: string): Promise<void> {
    return this.batch.change(this.doc('h', key), (current) => {
      const holds = holdsOf(current);
      if (!current || !(holdId in holds)) return { result: undefined };
      const { [holdId]: _released, ...rest } = holds;
      return { write: { ...current, holds: rest }, result: undefined };
    });
  }
}
