import {
  AggregateField,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import * as places from '../../core/bookings/places-ledger';
import type { PlacesLedger } from '../../core/bookings/places-ledger';
import { allotShares, type SharedLedger } from '../../core/bookings/places-shares';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';

/**
 * How many parts each event's places ledger is split into (ADR 63): as many bookings of one event
 * can be written at the same moment, by any number of server instances.
 */
export const PLACES_SHARDS = 8;

/** The most values one `in` filter takes. */
const IN_QUERY_MOST = 30;

function chunked<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** One part of an event's ledger as read: its ledger (lapsed holds still in), share and checks. */
export interface PlacesShard extends SharedLedger {
  index: number;
  snapshot: DocumentSnapshot;
  /** The capacity the shares were allotted for (null: none), or undefined when never allotted. */
  allotted: number | null | undefined;
  /** The event's revision whose capacity was last checked against the ledger (ADR 63). */
  eventSequence: number | undefined;
  /** How many parts the event's ledger had when this one was written. */
  of: number | undefined;
  /** What all the event's shares add up to, as allotted. */
  sharesTotal: number | undefined;
}

const ShardSchema = z.object({
  confirmed: z.number().int().min(0),
  holds: z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() })),
  share: z.number().int().min(0).nullable().optional(),
  allotted: z.number().int().min(0).nullable().optional(),
  eventSequence: z.number().optional(),
  of: z.number().int().min(1).optional(),
  sharesTotal: z.number().int().min(0).optional(),
});

/**
 * The parts of the events' places ledgers: `placesLedgerShards/{eventId}#{index}` = { eventId,
 * index, of, confirmed, holds, share, allotted, eventSequence }. Ledgers written before the split
 * (`placesLedgers/{eventId}`: confirmed, holds, eventSequence) are moved into part 0 by the first
 * allotment (`allot`), which every writer makes before it uses an event's parts.
 */
export class FirestorePlacesShards {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions,
    readonly count: number = PLACES_SHARDS,
  ) {}

  ref(eventId: string, index: number): DocumentReference {
    return collectionOf(this.db, 'placesLedgerShards', this.options).doc(`${eventId}#${index}`);
  }

  refs(eventId: string): DocumentReference[] {
    return Array.from({ length: this.count }, (_, i) => this.ref(eventId, i));
  }

  /** The event's ledger as written before the split, moved into part 0 by `allot`. */
  legacyRef(eventId: string): DocumentReference {
    return collectionOf(this.db, 'placesLedgers', this.options).doc(eventId);
  }

  /**
   * Every part of the event, in one round trip. Not a transaction: the emulator's transactions,
   * read-only ones too, lock what they read, and every refusal would hold up every booking of the
   * event. The parts may therefore be read at slightly different moments; `sharesAddUp` tells
   * whether a move of shares between parts was seen half done.
   */
  async readAll(eventId: string): Promise<PlacesShard[]> {
    const snapshots = await this.db.getAll(...this.refs(eventId));
    return snapshots.map((snapshot, index) => toShard(snapshot, index));
  }

  /**
   * The places taken at `now` in each of these events' parts (ADR 63), without reading every
   * part: per event one sum of the parts' confirmed places (an aggregation: one read), and one
   * query for the parts of all of them with a hold still running (`holdsUntilMs` after now: one
   * read each, at least one per query), whose running holds are added. Events whose parts are not
   * made (never booked since the split) are left out of the answer.
   */
  async placesTaken(eventIds: string[], now: Date): Promise<Map<string, number>> {
    const parts = collectionOf(this.db, 'placesLedgerShards', this.options);
    const [sums, running] = await Promise.all([
      Promise.all(
        eventIds.map((id) =>
          parts
            .where('eventId', '==', id)
            .aggregate({ confirmed: AggregateField.sum('confirmed'), parts: AggregateField.count() })
            .get(),
        ),
      ),
      Promise.all(chunked(eventIds, IN_QUERY_MOST).map((ids) => parts.where('eventId', 'in', ids).where('holdsUntilMs', '>', now.getTime()).get())),
    ]);
    const taken = new Map<string, number>();
    for (const [i, id] of eventIds.entries()) {
      const { confirmed, parts: made } = sums[i].data();
      if (made > 0) taken.set(id, Number(confirmed ?? 0));
    }
    for (const doc of running.flatMap((query) => query.docs)) {
      const eventId = String(doc.get('eventId'));
      const { ledger } = toShard(doc, Number(doc.get('index')));
      if (taken.has(eventId)) taken.set(eventId, taken.get(eventId)! + places.ledgerTaken(ledger, now) - ledger.confirmed);
    }
    return taken;
  }

  /**
   * Whether these parts, read together, were allotted for one capacity and their shares add up to
   * the total allotted (`sharesTotal`): true of every moment's parts, since a move of shares keeps
   * the sum; false when a move between two parts fell between their reads (read them again).
   */
  sharesAddUp(shards: PlacesShard[]): boolean {
    const { allotted, sharesTotal } = shards[0] ?? {};
    if (
      allotted === undefined ||
      shards.some((shard) => !shard.snapshot.exists || shard.allotted !== allotted || shard.of !== this.count || shard.sharesTotal !== sharesTotal)
    )
      return false;
    return allotted === null || shards.reduce((sum, shard) => sum + (shard.share ?? 0), 0) === sharesTotal;
  }

  /** Whether the parts are made, for this many parts and for this capacity. */
  isAllotted(shard: PlacesShard, capacity: number | null): boolean {
    return shard.snapshot.exists && shard.of === this.count && shard.allotted === capacity;
  }

  /**
   * Makes the event's parts for `capacity` (the stored event's, when it is stored), in one
   * transaction: an old unsplit ledger moved into part 0, and the shares allotted again (each
   * part keeps its places taken, the free places are spread evenly). Every part is written, so a
   * booking that read one before fails its precondition and decides again.
   */
  async allot(eventId: string, capacity: number | null, now: Date): Promise<void> {
    // Bookings of one process that find the parts unmade at once wait for one allotment: racing
    // transactions over the same documents lock each other out and back off for seconds.
    const key = `${eventId}\u0000${String(capacity)}`;
    const running = this.allotting.get(key);
    if (running) return running;
    const done = this.allotNow(eventId, capacity, now).finally(() => this.allotting.delete(key));
    this.allotting.set(key, done);
    return done;
  }

  private readonly allotting = new Map<string, Promise<void>>();

  private async allotNow(eventId: string, capacity: number | null, now: Date): Promise<void> {
    const eventRef = collectionOf(this.db, 'events', this.options).doc(eventId);
    await this.db.runTransaction(
      async (tx) => {
        const [event, legacy, ...snapshots] = await tx.getAll(eventRef, this.legacyRef(eventId), ...this.refs(eventId));
        const stored: unknown = event.exists ? event.get('capacity') : undefined;
        const fits = event.exists ? (typeof stored === 'number' ? stored : null) : capacity;
        const shards = snapshots.map((snapshot, index) => toShard(snapshot, index));
        if (shards.every((shard) => this.isAllotted(shard, fits)) && !legacy.exists) return;
        this.writeAllotment(tx, eventId, shards, legacy, fits, now);
      },
      { maxAttempts: TRANSACTION_ATTEMPTS },
    );
  }

  /**
   * Writes every part with shares allotted for `capacity` (in the caller's transaction, which has
   * read `shards` and `legacy`), with the event's revision `eventSequence` when given.
   */
  writeAllotment(
    tx: Transaction,
    eventId: string,
    shards: PlacesShard[],
    legacy: DocumentSnapshot,
    capacity: number | null,
    now: Date,
    eventSequence?: number,
  ): void {
    const ledgers = shards.map((shard) => places.withoutLapsedHolds(shard.ledger, now));
    let sequence = eventSequence ?? maxSequence(shards);
    if (legacy.exists) {
      const old = places.withoutLapsedHolds(legacyLedger(legacy), now);
      ledgers[0] = { confirmed: ledgers[0].confirmed + old.confirmed, holds: [...ledgers[0].holds, ...old.holds] };
      const oldSequence: unknown = legacy.get('eventSequence');
      if (eventSequence === undefined && typeof oldSequence === 'number') sequence = Math.max(sequence ?? oldSequence, oldSequence);
      tx.delete(legacy.ref);
    }
    const shares = allotShares(ledgers, capacity, now);
    for (const [index, ledger] of ledgers.entries()) {
      tx.set(this.ref(eventId, index), this.document(eventId, index, ledger, shares, capacity, sequence));
    }
  }

  /**
   * Makes the parts of an event just created, empty and allotted for its capacity, each only if
   * it does not exist yet (ADR 63): the event's first bookings then find them made, instead of
   * racing to make them in one transaction from every server at the moment booking opens. When
   * any part exists already (a booking or another server made them first, or parts left by an
   * event of the same id), the commit fails and nothing is written: the first writer checks and
   * allots them as before.
   */
  async createEmpty(eventId: string, capacity: number | null, eventSequence: number): Promise<void> {
    const batch = this.db.batch();
    const shares = allotShares(
      Array.from({ length: this.count }, () => places.EMPTY_LEDGER),
      capacity,
      new Date(0),
    );
    for (let index = 0; index < this.count; index += 1)
      batch.create(this.ref(eventId, index), this.document(eventId, index, places.EMPTY_LEDGER, shares, capacity, eventSequence));
    await batch.commit();
  }

  /** Part `index`'s document, of parts allotted `shares` for `allotted`. */
  document(
    eventId: string,
    index: number,
    ledger: PlacesLedger,
    shares: (number | null)[],
    allotted: number | null,
    eventSequence: number | undefined,
  ): DocumentData {
    return {
      eventId,
      index,
      of: this.count,
      confirmed: ledger.confirmed,
      holds: ledger.holds.map((hold) => ({ ...hold })),
      holdsUntilMs: holdsUntilMs(ledger),
      share: shares[index],
      allotted,
      // What the shares add up to (moves between parts keep it): read parts are checked against it.
      sharesTotal: shares.reduce<number>((sum, share) => sum + (share ?? 0), 0),
      ...(eventSequence === undefined ? {} : { eventSequence }),
    };
  }

  /** Writes a part (its ledger and share) only if it is still as read. */
  write(batch: WriteBatch, eventId: string, shard: PlacesShard, ledger: PlacesLedger, share: number | null): void {
    batch.update(
      shard.snapshot.ref,
      { confirmed: ledger.confirmed, holds: ledger.holds.map((hold) => ({ ...hold })), holdsUntilMs: holdsUntilMs(ledger), share },
      { lastUpdateTime: shard.snapshot.updateTime! },
    );
  }
}

/** When the last of a ledger's holds ends (0: it has none): parts with a hold still running are found by it. */
function holdsUntilMs(ledger: PlacesLedger): number {
  return ledger.holds.reduce((latest, hold) => Math.max(latest, hold.untilMs), 0);
}

function maxSequence(shards: PlacesShard[]): number | undefined {
  const sequences = shards.map((shard) => shard.eventSequence).filter((s): s is number => s !== undefined);
  return sequences.length === 0 ? undefined : Math.max(...sequences);
}

/** A part as stored; an absent one is empty and not yet allotted. */
export function toShard(snapshot: DocumentSnapshot, index: number): PlacesShard {
  if (!snapshot.exists)
    return { index, snapshot, ledger: places.EMPTY_LEDGER, share: null, allotted: undefined, eventSequence: undefined, of: undefined, sharesTotal: undefined };
  const data = ShardSchema.parse(snapshot.data());
  return {
    index,
    snapshot,
    ledger: { confirmed: data.confirmed, holds: data.holds },
    share: data.share ?? null,
    allotted: data.allotted === undefined ? undefined : data.allotted,
    eventSequence: data.eventSequence,
    of: data.of,
    sharesTotal: data.sharesTotal,
  };
}

const LegacySchema = z.object({
  confirmed: z.number().int().min(0).default(0),
  holds: z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() })).default([]),
});

/** An event's ledger as written before the split. */
export function legacyLedger(snapshot: DocumentSnapshot): PlacesLedger {
  return snapshot.exists ? LegacySchema.parse(snapshot.data()) : places.EMPTY_LEDGER;
}

/** The whole event's ledger: its parts added up. */
export function mergedLedger(ledgers: PlacesLedger[]): PlacesLedger {
  return ledgers.reduce((all, ledger) => ({ confirmed: all.confirmed + ledger.confirmed, holds: [...all.holds, ...ledger.holds] }), {
    confirmed: 0,
    holds: [] as PlacesLedger['holds'],
  });
}
