import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Timestamp,
  type WriteBatch,
} from 'firebase-admin/firestore';
import * as places from '../../core/bookings/places-ledger';
import { changeCheckoutIds } from '../../core/bookings/booking-amendment';
import type { PlacesDifference, PlacesHold, PlacesLedger } from '../../core/bookings/places-ledger';
import { bookingEmailKey, BookingSchema, UNCHANGED_BOOKING, type Booking } from '../../core/bookings/booking';
import { NotFoundError, ValidationError } from '../../core/shared/errors';
import { BOOKING_NOT_FOUND } from '../../core/shared/messages';
import type { AddBookingResult, BookingChange, BookingLimit, BookingRepository } from '../../core/bookings/booking-repository.port';
import { collectionOf, FirestoreCollectionAdapter, orderedBy, type FirestoreCollectionOptions } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { inTurn, pauseAfterLostRace, transaction } from './firestore-turns';
import type { OutboxMessage } from '../../core/mail/mail';
import { addToOutbox } from './firestore-outbox';
import { backfillMissingFields } from './firestore-backfill';
import { appendToAuditLog } from './firestore-audit-log';
import { checkedChange } from '../../core/bookings/booking-change';
import { readDocument } from './firestore-read-document';
import { allotShares, sharesCoveringChange, sharesMovedInto, spareOf, totalSpare } from '../../core/bookings/places-shares';
import { FirestorePlacesShards, PLACES_SHARDS, legacyLedger, mergedLedger, toShard, type PlacesShard } from './firestore-places-shards';

const NOT_FOUND = BOOKING_NOT_FOUND;
const CONFLICT = 'A booking with this id already exists';

/**
 * Bookings in the `bookings` collection, one document per booking keyed by its id, with the
 * spec's fields; submittedAt and paymentCompletedAt are Timestamps. As the spec says, userEmail
 * (and likewise boatName) is only present when there is one.
 *
 * Each event's places ledger is in 8 parts in `placesLedgerShards` (ADR 63, FirestorePlacesShards),
 * each with a share of the capacity; a booking, payment or cancellation writes its part in the
 * same commit, under a precondition that it is unchanged since read. A booking reads one part
 * (bookings waiting for one part in this process share that read and one commit), whatever the
 * number of bookings; a calendar reads the 8 parts of each event with a capacity.
 */
export class FirestoreBookingRepository extends FirestoreCollectionAdapter implements BookingRepository {
  protected readonly collectionName = 'bookings';
  private readonly shards: FirestorePlacesShards;
  /** What this process last saw of each event's parts: places spare (undefined: not seen), its bookings under way, and its own part. */
  private readonly lanes = new Map<string, Lane>();

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options);
    this.shards = new FirestorePlacesShards(db, options);
  }

  private referenceRef(reference: string): DocumentReference {
    return collectionOf(this.db, 'bookingReferences', this.options).doc(reference);
  }

  /**
   * The capacity a booking or offer must fit in. A part's `eventSequence` is the event's
   * revision whose capacity was last checked against the ledger (FirestoreEventRepository.update
   * with `placesAt`, which writes it on every part in the same transaction as the event): when it
   * is newer than the revision the caller read, the capacity changed since, and the stored
   * event's counts. A capacity written after the part was read changes the part, and so fails the
   * booking's precondition: it is then decided again on fresh reads.
   */
  private async capacityToFit(
    checked: number | undefined,
    eventId: string,
    limit: { capacity: number | null; eventSequence?: number },
  ): Promise<number | null> {
    if (checked === undefined || (limit.eventSequence !== undefined && checked <= limit.eventSequence)) return limit.capacity;
    const event = await collectionOf(this.db, 'events', this.options).doc(eventId).get();
    if (!event.exists) return limit.capacity;
    const capacity: unknown = event.get('capacity');
    return typeof capacity === 'number' ? capacity : null;
  }

  private lane(eventId: string): Lane {
    let lane = this.lanes.get(eventId);
    if (!lane) {
      lane = { spare: Array.from({ length: this.shards.count }, () => undefined), busy: Array.from({ length: this.shards.count }, () => 0), home: undefined };
      this.lanes.set(eventId, lane);
    }
    return lane;
  }

  /**
   * The part a booking of `needed` places tries first (ADR 63): this process's own part of the
   * event while it is not seen without room, so the process's bookings wait for one group commit
   * and server instances do not race each other for the same parts. Otherwise (the first booking,
   * its own part run dry) one this process has not seen without room, with the fewest of its own
   * bookings under way, at random among equals, which becomes its own part.
   */
  private pickShard(eventId: string, needed: number): number {
    const lane = this.lane(eventId);
    if (lane.home !== undefined && roomFor(lane, lane.home, needed)) return lane.home;
    // Every part seen without room (the event looks full): the booking waits with this process's
    // others at its own part, where one reading of all the parts answers them together (ADR 63),
    // rather than each reading all 8 at a part of its own, one after another.
    if (lane.home !== undefined && !lane.spare.some((_, i) => roomFor(lane, i, needed))) return lane.home;
    lane.home = this.otherShard(lane, needed, lane.home);
    return lane.home;
  }

  /** A part other than `not` this process has not seen without room for `needed`, least busy first, at random among equals. */
  private otherShard(lane: Lane, needed: number, not: number | undefined): number {
    const indexes = lane.spare.map((_, i) => i).filter((i) => i !== not || lane.spare.length === 1);
    const open = indexes.filter((i) => roomFor(lane, i, needed));
    const candidates = open.length > 0 ? open : indexes;
    const least = Math.min(...candidates.map((i) => lane.busy[i]));
    const best = candidates.filter((i) => lane.busy[i] === least);
    return best[Math.floor(Math.random() * best.length)];
  }

  /**
   * This process lost a race on part `index` (another instance wrote it meanwhile): its next
   * bookings go to another part, so two instances do not keep racing on one.
   */
  private raced(eventId: string, index: number): void {
    const lane = this.lane(eventId);
    if (lane.home === index) lane.home = this.otherShard(lane, 1, index);
  }

  private saw(eventId: string, shards: PlacesShard[], now: Date): void {
    const lane = this.lane(eventId);
    for (const shard of shards) lane.spare[shard.index] = shard.share === null ? undefined : spareOf({ ledger: shard.ledger, share: shard.share }, now);
  }

  /**
   * Takes `needed` places of the event, in one of its ledger's parts (ADR 63), and writes what
   * `write` adds to the batch with it: only when they fit, else `refused(places left)`.
   *
   * The part is read (one document) and, when it has room within its share, written with the
   * booking under a precondition that it is unchanged since read. When it has not, every part is
   * read at one moment: with fewer places spare in all of them together than needed the answer is
   * a refusal; otherwise spare shares move from the others into this one in the same commit
   * (each written part under its own precondition). So nobody is refused while the event has
   * room, and the shares never add up to more than the capacity. `dropHoldId`: a hold left out
   * of the count and dropped (the offer a booking takes up, an offer renewed); its part is used.
   */
  private takePlaces<T>(request: PlacesRequest<T>): Promise<T> {
    const { eventId, needed, limit, write, answers } = request;
    if (request.dropHoldId !== undefined) return this.takePlacesAlone(request);
    // Group commit: the bookings of one part waiting in this process are decided together, in
    // their order of arrival, on one reading of the part, and written in one commit with it.
    const chosen = this.pickShard(eventId, needed);
    const key = `${eventId}#${chosen}`;
    return new Promise<T>((resolve, reject) => {
      const item: Waiting = {
        needed,
        limit,
        write,
        answers: answers as PlacesAnswers<unknown>,
        resolve: resolve as (value: unknown) => void,
        reject,
        index: chosen,
      };
      const queue = this.waiting.get(key);
      this.lane(eventId).busy[chosen] += 1;
      if (queue) {
        queue.push(item);
        return;
      }
      this.waiting.set(key, [item]);
      void this.drainPart(eventId, chosen, key);
    });
  }

  /** Bookings waiting for their part's next group commit, by event and part. */
  private readonly waiting = new Map<string, Waiting[]>();

  private async drainPart(eventId: string, index: number, key: string): Promise<void> {
    const queue = this.waiting.get(key)!;
    const lane = this.lane(eventId);
    while (queue.length > 0) {
      const group = nextGroup(queue);
      // The part the group is written to: this one, or the one it moves to after a lost race.
      const at = { part: index };
      let alone: Waiting[] = [];
      try {
        await this.commitGroup(eventId, at, group);
      } catch (error) {
        // A booking id or reference taken (which of them, the commit does not say): each booking
        // is then written on its own, and answered as it would be alone. Any other error: all fail.
        if (firestoreCode(error) === FIRESTORE_CODES.ALREADY_EXISTS) alone = group;
        else for (const item of group) item.reject(error);
      }
      lane.busy[at.part] -= group.length;
      await Promise.all(
        alone.map((item) =>
          this.takePlacesAlone(
            { eventId, needed: item.needed, limit: item.limit, dropHoldId: undefined, write: item.write, answers: item.answers },
            at.part,
          ).then(item.resolve, item.reject),
        ),
      );
    }
    this.waiting.delete(key);
  }

  /**
   * One group commit of a part, in the group's order of arrival: the bookings that fit in the
   * part's share are written with it; when some do not, every part is read and spare shares move
   * into this one for as many of them as the event has room for, in the same commit; the rest are
   * refused with the places left. The commit has preconditions on every part it writes, so a
   * race decides the whole group again on fresh reads. When another instance wrote the group's
   * own part, on the part this process moves its bookings to after the lost race (`raced`),
   * unless a group of its own is under way there, so that two instances that picked the same part
   * part ways at once, not only for their next bookings (ADR 63). When the part is as the group
   * last read it, the race was lost on a part it moved shares from, and it stays: moving would
   * only need shares moved again (ADR 63). `at.part` is where the group was last tried.
   */
  private async commitGroup(eventId: string, at: { part: number }, group: Waiting[]): Promise<void> {
    let allotted = false;
    const first = group[0].limit;
    const earliest = new Date(Math.min(...group.map((item) => item.limit.now.getTime())));
    let tries = 0;
    // The group's part as it last read it: on a try after a lost race, unchanged means the race
    // was lost on another part (one it moved shares from), and the group stays where it is.
    let seen: Timestamp | undefined;
    const { admitted, refused } = await optimistically<{ admitted: Waiting[]; refused: { item: Waiting; left: number }[] }>(async () => {
      let current: PlacesShard | undefined;
      if (tries++ > 0) {
        current = toShard(await this.shards.ref(eventId, at.part).get(), at.part);
        const unchanged = seen !== undefined && current.snapshot.updateTime !== undefined && current.snapshot.updateTime.isEqual(seen);
        // Another instance wrote this part meanwhile: this process's bookings go elsewhere, this group too.
        if (!unchanged) {
          this.raced(eventId, at.part);
          const lane = this.lane(eventId);
          if (lane.home !== undefined && lane.home !== at.part && !this.waiting.has(`${eventId}#${lane.home}`)) {
            lane.busy[at.part] -= group.length;
            lane.busy[lane.home] += group.length;
            at.part = lane.home;
            current = undefined;
          }
        }
      }
      const index = at.part;
      let shard = current ?? toShard(await this.shards.ref(eventId, index).get(), index);
      const capacity = await this.capacityToFit(shard.eventSequence, eventId, first);
      if (!this.shards.isAllotted(shard, capacity) && !allotted) {
        allotted = true;
        await this.shards.allot(eventId, capacity, first.now);
        shard = toShard(await this.shards.ref(eventId, index).get(), index);
      }
      seen = shard.snapshot.updateTime;
      let ledger = places.withoutLapsedHolds(shard.ledger, earliest);
      const batch = this.db.batch();
      const admitted: Waiting[] = [];
      const overflow: Waiting[] = [];
      for (const item of group) {
        if (shard.share !== null && places.ledgerTaken(ledger, item.limit.now) + item.needed > shard.share) {
          overflow.push(item);
          continue;
        }
        ledger = item.write(batch, index, ledger);
        admitted.push(item);
      }
      let share = shard.share;
      const refused: { item: Waiting; left: number }[] = [];
      if (overflow.length > 0 && shard.share !== null) {
        // This part has too little room: all parts, and shares moved in for those the event has room for.
        const all = await this.shards.readAll(eventId);
        if (!this.shards.sharesAddUp(all)) return { retry: true, done: { admitted: [], refused: [] } };
        const parts = all.map((part) => ({
          ledger: part.index === index ? ledger : places.withoutLapsedHolds(part.ledger, earliest),
          share: part.index === index ? shard.share : part.share,
        }));
        this.saw(
          eventId,
          all.map((part, i) => ({ ...part, ledger: parts[i].ledger })),
          first.now,
        );
        const spare = totalSpare(parts, first.now);
        let needed = 0;
        const fit: Waiting[] = [];
        for (const item of overflow) {
          if (needed + item.needed <= spare) {
            needed += item.needed;
            fit.push(item);
          } else refused.push({ item, left: 0 });
        }
        for (const refusal of refused) refusal.left = spare - needed;
        if (needed > 0) {
          const shares = sharesMovedInto(parts, index, needed, first.now)!;
          share = shares[index];
          for (const part of all) {
            if (part.index !== index && shares[part.index] !== part.share)
              this.shards.write(batch, eventId, part, parts[part.index].ledger, shares[part.index]);
          }
          for (const item of fit) {
            ledger = item.write(batch, index, ledger);
            admitted.push(item);
          }
        }
      }
      if (admitted.length === 0) return { done: { admitted, refused } };
      this.shards.write(batch, eventId, shard, ledger, share);
      this.lane(eventId).spare[index] = share === null ? undefined : Math.max(0, share - places.ledgerTaken(ledger, first.now));
      // A taken booking id or reference fails the whole group: each is then written on its own.
      return { batch, done: { admitted, refused }, onExists: async () => 'conflict' as const };
    });
    for (const item of admitted) item.resolve(item.answers.added);
    for (const { item, left } of refused) item.resolve(item.answers.refused(left));
  }

  private async takePlacesAlone<T>(request: PlacesRequest<T>, part?: number): Promise<T> {
    const { eventId, needed, limit, dropHoldId, write, answers } = request;
    const { now } = limit;
    let index: number | undefined = part;
    if (dropHoldId !== undefined) {
      const all = await this.shards.readAll(eventId);
      index = all.find((shard) => shard.ledger.holds.some((hold) => hold.bookingId === dropHoldId))?.index;
      // An offer made before the split is in the old ledger: moved into part 0.
      if (index === undefined && (await this.shards.legacyRef(eventId).get()).exists) index = 0;
    }
    const chosen = index ?? this.pickShard(eventId, needed);
    const lane = this.lane(eventId);
    lane.busy[chosen] += 1;
    let allotted = false;
    const without = (ledger: PlacesLedger) => {
      const current = places.withoutLapsedHolds(ledger, now);
      return dropHoldId === undefined ? current : places.ledgerWithoutHold(current, dropHoldId);
    };
    try {
      return await inTurn(this.db, `${this.collection.path}/event:${eventId}#${chosen}`, () =>
        optimistically<T>(async () => {
          let shard = toShard(await this.shards.ref(eventId, chosen).get(), chosen);
          const capacity = await this.capacityToFit(shard.eventSequence, eventId, limit);
          if (!this.shards.isAllotted(shard, capacity) && !allotted) {
            // The first booking of the event, a ledger from before the split, or a capacity the
            // parts were not allotted for (the stored event's counts): allotted once, read again.
            allotted = true;
            await this.shards.allot(eventId, capacity, now);
            shard = toShard(await this.shards.ref(eventId, chosen).get(), chosen);
          }
          const ledger = without(shard.ledger);
          if (shard.share === null) {
            const batch = this.db.batch();
            this.shards.write(batch, eventId, shard, write(batch, chosen, ledger), null);
            return { batch, done: answers.added, onExists: answers.onExists };
          }
          if (places.ledgerTaken(ledger, now) + needed <= shard.share) {
            const batch = this.db.batch();
            const next = write(batch, chosen, ledger);
            this.shards.write(batch, eventId, shard, next, shard.share);
            lane.spare[chosen] = Math.max(0, shard.share - places.ledgerTaken(next, now));
            return { batch, done: answers.added, onExists: answers.onExists };
          }
          // This part has no room: all parts, at one moment.
          const all = await this.shards.readAll(eventId);
          const parts = all.map((part) => ({
            ledger: part.index === chosen ? without(part.ledger) : places.withoutLapsedHolds(part.ledger, now),
            share: part.share,
          }));
          this.saw(
            eventId,
            all.map((part, i) => ({ ...part, ledger: parts[i].ledger })),
            now,
          );
          // Parts being allotted, or a move of shares seen half done: read again.
          if (parts.some((part) => part.share === null) || !this.shards.sharesAddUp(all)) return { retry: true, done: answers.added };
          const shares = sharesMovedInto(parts, chosen, needed, now);
          if (shares === null) return { done: answers.refused(totalSpare(parts, now)) };
          const batch = this.db.batch();
          const next = write(batch, chosen, parts[chosen].ledger);
          for (const part of all) {
            if (part.index === chosen) this.shards.write(batch, eventId, part, next, shares[chosen]);
            else if (shares[part.index] !== part.share) this.shards.write(batch, eventId, part, parts[part.index].ledger, shares[part.index]);
          }
          lane.spare[chosen] = Math.max(0, shares[chosen] - places.ledgerTaken(next, now));
          return { batch, done: answers.added, onExists: answers.onExists };
        }),
      );
    } finally {
      lane.busy[chosen] -= 1;
    }
  }

  async addIfPlacesRemain(booking: Booking, limit: BookingLimit, mail: readonly OutboxMessage[] = []): Promise<AddBookingResult> {
    if (!isDocumentId(booking.id)) throw new ValidationError('A booking id may not contain a slash or be reserved by Firestore');
    if (!isDocumentId(booking.eventId)) throw new ValidationError('An event id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(booking.id);
    const referenceRef = booking.reference === null ? null : this.referenceRef(booking.reference);
    return withCoreErrors(
      () =>
        this.takePlaces<AddBookingResult>({
          eventId: booking.eventId,
          needed: booking.numberAttending,
          limit,
          dropHoldId: limit.offerHoldId,
          write: (batch, index, ledger) => {
            // The booking names its part, so its later changes write that part.
            // A booking copied in with its changes keeps their checkouts findable.
            batch.create(ref, {
              ...toDocument(booking),
              placesShard: index,
              ...(changeCheckoutIds(booking).length > 0 ? { checkoutIds: changeCheckoutIds(booking) } : {}),
            });
            // The reference's own document: created only while no other booking has it.
            if (referenceRef) batch.create(referenceRef, { bookingId: booking.id });
            addToOutbox(batch, this.db, mail, this.options);
            return places.ledgerWithBooking(ledger, booking);
          },
          answers: {
            added: { added: true },
            refused: (placesLeft) => ({ added: false, placesLeft }),
            creates: referenceRef ? [ref.path, referenceRef.path] : [ref.path],
            writes: 1 + (referenceRef ? 1 : 0) + mail.length,
            onExists: async () => {
              if ((await ref.get()).exists) return 'conflict';
              if (referenceRef && (await referenceRef.get()).exists) return { done: { added: false, referenceTaken: true } };
              return 'raced';
            },
          },
        }),
      { conflict: CONFLICT },
    );
  }

  async holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date; eventSequence?: number }): Promise<boolean> {
    if (!isDocumentId(eventId)) return false;
    // The same write as a booking's: a booking and an offer never both take one place.
    return withCoreErrors(() =>
      this.takePlaces<boolean>({
        eventId,
        needed: hold.places,
        limit,
        dropHoldId: hold.bookingId,
        write: (_batch, _index, ledger) => places.ledgerWithOfferHold(ledger, hold),
        answers: { added: true, refused: () => false },
      }),
    );
  }

  async releaseHold(eventId: string, holdId: string, now: Date): Promise<void> {
    if (!isDocumentId(eventId)) return;
    await withCoreErrors(() =>
      optimistically(async () => {
        const all = await this.shards.readAll(eventId);
        const holding = all.filter((shard) => shard.ledger.holds.some((hold) => hold.bookingId === holdId));
        const legacy = await this.shards.legacyRef(eventId).get();
        if (holding.length === 0 && !legacy.exists) return { done: undefined };
        const batch = this.db.batch();
        for (const shard of holding)
          this.shards.write(batch, eventId, shard, places.ledgerWithoutHold(places.withoutLapsedHolds(shard.ledger, now), holdId), shard.share);
        if (legacy.exists) {
          // A ledger from before the split, not yet moved into parts.
          const old = places.ledgerWithoutHold(places.withoutLapsedHolds(legacyLedger(legacy), now), holdId);
          batch.update(legacy.ref, { confirmed: old.confirmed, holds: old.holds.map((h) => ({ ...h })) }, { lastUpdateTime: legacy.updateTime! });
        }
        return { batch, done: undefined };
      }),
    );
  }

  async get(id: string): Promise<Booking | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? toBooking(snapshot) : null;
  }

  async findByReference(reference: string): Promise<Booking | null> {
    if (!reference.isWellFormed()) return null;
    const snapshot = await withCoreErrors(() => this.collection.where('reference', '==', reference).limit(1).get());
    return snapshot.empty ? null : toBooking(snapshot.docs[0]);
  }

  async assignMissingReferences(referenceFor: (bookingId: string, attempt: number) => string): Promise<number> {
    // Firestore cannot query for a missing field: the bookings are read once (their references
    // only), then a mark says every booking has one, so later starts read one document.
    const mark = collectionOf(this.db, 'bookingReferences', this.options).doc(ALL_GIVEN);
    if ((await withCoreErrors(() => mark.get())).exists) return 0;
    const all = await withCoreErrors(() => this.collection.select('reference').get());
    let given = 0;
    for (const doc of all.docs) {
      if (typeof doc.get('reference') === 'string') continue;
      const ref = doc.ref;
      const wasGiven = await transaction(this.db, async (tx) => {
        const current = await tx.get(ref);
        if (!current.exists || typeof current.get('reference') === 'string') return false;
        for (let attempt = 0; ; attempt += 1) {
          const reference = referenceFor(ref.id, attempt);
          const reserved = this.referenceRef(reference);
          if ((await tx.get(reserved)).exists) continue;
          tx.create(reserved, { bookingId: ref.id });
          tx.update(ref, { reference });
          return true;
        }
      });
      if (wasGiven) given += 1;
    }
    // Not on an empty database: bookings copied in later by migrate-storage may lack references.
    if (!all.empty) await withCoreErrors(() => mark.set({ at: new Date().toISOString() }));
    return given;
  }

  async assignMissingEmailKeys(): Promise<number> {
    // Bookings written since My club carry the key (toDocument), so do those copied by
    // migrate-storage: an empty database is marked at once.
    const mark = collectionOf(this.db, 'bookingReferences', this.options).doc(EMAIL_KEYS_GIVEN);
    return backfillMissingFields(this.db, this.collection, mark, ['userEmail', 'emailKey', 'memberId'], (doc) => {
      const patch = emailKeyPatch(doc);
      return patch ? { patch } : null;
    });
  }

  async findByCheckoutId(checkoutId: string): Promise<Booking | null> {
    // No stored checkout id is malformed Unicode, and Firestore answers a query for one with an error.
    if (!checkoutId.isWellFormed()) return null;
    // A checkout belongs to one booking; should two ever share one, the newest wins, as in
    // the other adapters, without needing another index.
    const snapshot = await withCoreErrors(() => this.collection.where('checkoutId', '==', checkoutId).get());
    const bookings = snapshot.docs.map(toBooking).sort(newestFirst);
    if (bookings[0]) return bookings[0];
    // A larger change's own checkout: every one a booking had is kept in `checkoutIds` (single-field index).
    const changes = await withCoreErrors(() => this.collection.where('checkoutIds', 'array-contains', checkoutId).get());
    return changes.docs.map(toBooking).sort(newestFirst)[0] ?? null;
  }

  async listAll(): Promise<Booking[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.collection, 'submittedAt', 'desc').get());
    return snapshot.docs.map(toBooking);
  }

  async listByEvent(eventId: string): Promise<Booking[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.collection.where('eventId', '==', eventId), 'submittedAt', 'desc').get());
    return snapshot.docs.map(toBooking);
  }

  async listForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<Booking[]> {
    // Two indexed queries, each limited: as many reads for a club of 5 bookings as of 5,000.
    const newest = (query: Query) => orderedBy(query, 'submittedAt', 'desc').limit(limit).get();
    const [own, guest] = await withCoreErrors(() =>
      Promise.all([
        newest(this.collection.where('memberId', '==', member.memberId)),
        newest(this.collection.where('emailKey', '==', member.emailKey).where('memberId', '==', null)),
      ]),
    );
    return [...own.docs, ...guest.docs].map(toBooking).sort(newestFirst);
  }

  async placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>> {
    const taken = new Map(eventIds.map((id) => [id, 0]));
    const ids = [...taken.keys()].filter(isDocumentId);
    if (ids.length === 0) return taken;
    // A constant number of reads per event, not one per part (FirestorePlacesShards.placesTaken).
    const counted = await withCoreErrors(() => this.shards.placesTaken(ids, now));
    const unsplit: string[] = [];
    for (const id of ids) {
      if (counted.has(id)) taken.set(id, counted.get(id)!);
      else unsplit.push(id);
    }
    // Events not booked since the split may still have their ledger from before it.
    if (unsplit.length > 0) {
      const legacy = await withCoreErrors(() => this.db.getAll(...unsplit.map((id) => this.shards.legacyRef(id))));
      for (const snapshot of legacy) taken.set(snapshot.id, (taken.get(snapshot.id) ?? 0) + places.ledgerTaken(legacyLedger(snapshot), now));
    }
    return taken;
  }

  /** Every event's whole ledger: its parts added up, with a ledger from before the split. */
  private async storedLedgers(): Promise<Map<string, PlacesLedger>> {
    const [parts, legacy] = await withCoreErrors(() =>
      Promise.all([collectionOf(this.db, 'placesLedgerShards', this.options).get(), collectionOf(this.db, 'placesLedgers', this.options).get()]),
    );
    const byEvent = new Map<string, PlacesLedger[]>();
    const add = (eventId: string, ledger: PlacesLedger) => byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), ledger]);
    for (const doc of parts.docs) add(String(doc.get('eventId')), toShard(doc, Number(doc.get('index'))).ledger);
    for (const doc of legacy.docs) add(doc.id, legacyLedger(doc));
    return new Map([...byEvent].map(([eventId, ledgers]) => [eventId, mergedLedger(ledgers)]));
  }

  async checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]> {
    const stored = await this.storedLedgers();
    const differences = places.placesDifferences(stored, await this.listAll(), options.now);
    if (options.repair) {
      for (const { eventId } of differences) {
        // Rebuilt in a transaction that reads the event's bookings, so a booking made meanwhile
        // is either counted or makes the rebuild start again. Each booking's places go to the
        // part it names (part 0 for bookings from before the split); offer holds stay where they
        // are; the shares are allotted again for the stored event's capacity.
        await transaction(this.db, async (tx) => {
          const bookings = (await tx.get(this.collection.where('eventId', '==', eventId))).docs;
          const [event, legacy, ...snapshots] = await tx.getAll(
            collectionOf(this.db, 'events', this.options).doc(eventId),
            this.shards.legacyRef(eventId),
            ...this.shards.refs(eventId),
          );
          const shards = snapshots.map((snapshot, index) => toShard(snapshot, index));
          const rebuilt = shards.map((shard) => {
            const own = bookings.filter((doc) => shardOf(doc, this.shards.count) === shard.index).map(toBooking);
            const offers = shard.index === 0 ? mergedLedger([shard.ledger, legacyLedger(legacy)]) : shard.ledger;
            return places.rebuiltLedger(own, offers, options.now);
          });
          const stored: unknown = event.exists ? event.get('capacity') : undefined;
          const capacity = typeof stored === 'number' ? stored : event.exists ? null : (shards.find((s) => s.allotted !== undefined)?.allotted ?? null);
          const emptied = shards.map((shard, index) => ({ ...shard, ledger: rebuilt[index] }));
          if (legacy.exists) tx.delete(legacy.ref);
          const shares = allotShares(rebuilt, capacity, options.now);
          for (const shard of emptied) {
            tx.set(this.shards.ref(eventId, shard.index), this.shards.document(eventId, shard.index, shard.ledger, shares, capacity, shard.eventSequence));
          }
        });
      }
    }
    return differences;
  }

  async countByEvent(eventId: string): Promise<number> {
    const snapshot = await withCoreErrors(() => this.collection.where('eventId', '==', eventId).count().get());
    return snapshot.data().count;
  }

  async setCheckout(bookingId: string, checkoutId: string): Promise<void> {
    if (!isDocumentId(bookingId)) throw new NotFoundError(NOT_FOUND);
    await withCoreErrors(() => this.collection.doc(bookingId).update({ checkoutId }), { notFound: NOT_FOUND });
  }

  async change(
    bookingId: string,
    now: Date,
    decide: (current: Booking, placesTaken: number) => BookingChange | null,
  ): Promise<{ booking: Booking; changed: boolean }> {
    if (!isDocumentId(bookingId)) throw new NotFoundError(NOT_FOUND);
    const ref = this.collection.doc(bookingId);
    let allotted = false;
    return inTurn(this.db, `${ref.path}:change`, () =>
      withCoreErrors(() =>
        optimistically<{ booking: Booking; changed: boolean }>(async () => {
          // Written only if neither the booking nor the parts of its event's ledger written with
          // it changed since read; a race runs the rule again on fresh reads.
          const snapshot = await ref.get();
          if (!snapshot.exists) throw new NotFoundError(NOT_FOUND);
          const stored = toBooking(snapshot);
          const index = shardOf(snapshot, this.shards.count);
          let all = await this.shards.readAll(stored.eventId);
          if (!all.every((shard) => shard.snapshot.exists && shard.of === this.shards.count) && !allotted) {
            // A ledger from before the split (or never allotted): moved into parts first.
            allotted = true;
            await this.shards.allot(stored.eventId, all.find((shard) => shard.allotted !== undefined)?.allotted ?? null, now);
            all = await this.shards.readAll(stored.eventId);
          }
          const taken = all.reduce((sum, shard) => sum + places.ledgerTaken(shard.ledger, now), 0);
          const decided = decide(stored, taken);
          if (!decided) return { done: { booking: stored, changed: false } };
          const next = checkedChange(stored, decided.booking);
          const batch = this.db.batch();
          const { boatName, userEmail } = next;
          batch.update(
            ref,
            {
              ...toDocument(next),
              placesShard: index,
              boatName: boatName ?? FieldValue.delete(),
              userEmail: userEmail ?? FieldValue.delete(),
              emailKey: bookingEmailKey(userEmail) ?? FieldValue.delete(),
              // Found by findByCheckoutId for good, whatever becomes of the change.
              ...(changeCheckoutIds(next).length > 0 ? { checkoutIds: FieldValue.arrayUnion(...changeCheckoutIds(next)) } : {}),
            },
            { lastUpdateTime: snapshot.updateTime! },
          );
          const parts = all.map((shard) => ({
            ledger: shard.index === index ? places.ledgerWithChange(shard.ledger, stored, next, now) : places.withoutLapsedHolds(shard.ledger, now),
            share: shard.share,
          }));
          // A change the rule allowed that takes more places than its part's share (a payment
          // after the hold lapsed, a correction): the others' spare shares move in with it.
          const shares = parts[index].share === null ? parts.map(() => null) : sharesCoveringChange(parts, index, now);
          for (const shard of all) {
            if (shard.index === index || shares[shard.index] !== shard.share)
              this.shards.write(batch, stored.eventId, shard, parts[shard.index].ledger, shares[shard.index]);
          }
          addToOutbox(batch, this.db, decided.mail ?? [], this.options);
          appendToAuditLog(batch, this.db, decided.audit ?? [], this.options);
          return { batch, done: { booking: next, changed: true } };
        }),
      ),
    );
  }
}

/** What a process knows of an event's parts (`FirestoreBookingRepository.pickShard`). */
interface Lane {
  spare: (number | undefined)[];
  busy: number[];
  /** The part this process's bookings of the event go to while it has room (undefined: none yet). */
  home: number | undefined;
}

/** Whether this process has not seen part `index` without room for `needed` places. */
function roomFor(lane: Lane, index: number, needed: number): boolean {
  const spare = lane.spare[index];
  return spare === undefined || spare >= needed;
}

type PlacesLimit = { capacity: number | null; now: Date; eventSequence?: number };
type WritePlaces = (batch: WriteBatch, index: number, ledger: PlacesLedger) => PlacesLedger;
type PlacesAnswers<T> = {
  added: T;
  refused: (placesLeft: number) => T;
  /** The documents the write creates: two writes creating one document are never in one commit. */
  creates?: string[];
  /** How many documents the write adds to the commit, its part's aside (unknown: WRITES_UNKNOWN). */
  writes?: number;
  onExists?: () => Promise<'conflict' | 'raced' | { done: T }>;
};
/** A write that takes places: `needed` of the event's, within `limit`, dropping the hold `dropHoldId` if any. */
interface PlacesRequest<T> {
  eventId: string;
  needed: number;
  limit: PlacesLimit;
  dropHoldId: string | undefined;
  write: WritePlaces;
  answers: PlacesAnswers<T>;
}
interface Waiting extends Pick<PlacesRequest<unknown>, 'needed' | 'limit' | 'write' | 'answers'> {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  index: number;
}

/**
 * The most writes of the bookings in one group commit: a commit holds at most 500 writes, of
 * which up to one per part of the ledger (the group's own, and those its shares move from).
 */
const GROUP_WRITES_MAX = 500 - PLACES_SHARDS;

/** A write that does not say how many documents it adds: a booking, its reference and two e-mails. */
const WRITES_UNKNOWN = 4;

/**
 * Takes the next group out of `queue`: its first bookings in order of arrival, as many as fit in
 * one commit (GROUP_WRITES_MAX: about 160 bookings with one e-mail each), leaving for a later
 * group (in their order) those that do not fit and those that create a document an earlier one
 * of the group creates (the same booking id or reference twice: one commit cannot create a
 * document twice).
 */
function nextGroup(queue: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const later: Waiting[] = [];
  const created = new Set<string>();
  let writes = 0;
  for (const item of queue) {
    const creates = item.answers.creates ?? [];
    const adds = item.answers.writes ?? WRITES_UNKNOWN;
    if (writes + adds > GROUP_WRITES_MAX || creates.some((path) => created.has(path))) later.push(item);
    else {
      group.push(item);
      writes += adds;
      for (const path of creates) created.add(path);
    }
  }
  queue.splice(0, queue.length, ...later);
  return group;
}

/** Tries of an optimistic write before its error reaches the caller. */
const OPTIMISTIC_ATTEMPTS = 60;

/**
 * Runs `attempt` (reads, then a batch of writes with preconditions on what was read) until its
 * batch commits or it needs none. A precondition that fails (another server changed the ledger
 * or the booking meanwhile) runs it again after a short random pause, with fresh reads.
 *
 * Why not a transaction: Firestore's server-side transactions lock what they read, and two
 * server instances booking one event then wait on each other's locks and abort, and the client
 * backs off a second or more before retrying, so two instances were many times slower than one.
 * Optimistic writes hold no lock: the loser of a race re-reads one document and writes again.
 */
async function optimistically<T>(
  attempt: () => Promise<{ batch?: WriteBatch; done: T; retry?: boolean; onExists?: () => Promise<'conflict' | 'raced' | { done: T }> }>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const { batch, done, onExists, retry } = await attempt();
    if (retry) {
      // What was read was being changed (a move of shares seen half done): read again after a pause.
      if (tries >= OPTIMISTIC_ATTEMPTS) throw new Error('The places ledger kept changing while it was read');
      await pauseAfterLostRace(tries);
      continue;
    }
    if (!batch) return done;
    try {
      await batch.commit();
      return done;
    } catch (error) {
      const code = firestoreCode(error);
      // ALREADY_EXISTS: the booking's id is taken (a conflict), its reference is taken (an
      // answer), or another server created the event's first ledger meanwhile (a race to run again).
      if (code === FIRESTORE_CODES.ALREADY_EXISTS && onExists) {
        const exists = await onExists();
        if (exists === 'conflict') throw error;
        if (exists !== 'raced') return exists.done;
      }
      const raced = code === FIRESTORE_CODES.FAILED_PRECONDITION || code === FIRESTORE_CODES.ALREADY_EXISTS;
      if (!raced || tries >= OPTIMISTIC_ATTEMPTS) throw error;
      await pauseAfterLostRace(tries);
    }
  }
}

/** The mark, in `bookingReferences`, that every stored booking has a reference (no reference has this form). */
const ALL_GIVEN = 'all-given';

/** The mark, in `bookingReferences`, that every stored booking has its e-mail key (no reference has this form). */
const EMAIL_KEYS_GIVEN = 'email-keys-given';

/**
 * What a booking stored before My club lacks: its e-mail key, and (before member prices) an
 * explicit null `memberId`, without which the guest-bookings query (`memberId == null`) misses it.
 * Null when it lacks nothing.
 */
function emailKeyPatch(snapshot: DocumentSnapshot): DocumentData | null {
  const patch: DocumentData = {};
  const email: unknown = snapshot.get('userEmail');
  const key = typeof email === 'string' ? bookingEmailKey(email) : null;
  if (key !== null && snapshot.get('emailKey') !== key) patch.emailKey = key;
  if (snapshot.get('memberId') === undefined) patch.memberId = null;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The part of its event's ledger a booking's places are in (part 0: booked before the split). */
function shardOf(snapshot: DocumentSnapshot, count: number): number {
  const index: unknown = snapshot.get('placesShard');
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count ? index : 0;
}

function newestFirst(a: Booking, b: Booking): number {
  return Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A booking's document as stored (without the part of the ledger it is in). */
export function toDocument(booking: Booking): DocumentData {
  // The id is the document's own; the instants are Timestamps with their texts; a missing boat
  // name or e-mail is no field at all.
  const { id: _id, submittedAt, paymentCompletedAt, boatName, userEmail, ...fields } = booking;
  const document: DocumentData = { ...fields, ...instantFields({ submittedAt, paymentCompletedAt }) };
  if (boatName !== null) document.boatName = boatName;
  if (userEmail !== null) {
    document.userEmail = userEmail;
    // My club finds a member's guest bookings by it (docs/my-club.md).
    document.emailKey = bookingEmailKey(userEmail);
  }
  return document;
}

function toBooking(snapshot: DocumentSnapshot): Booking {
  return readDocument(BookingSchema, snapshot, {
    instants: ['submittedAt', 'paymentCompletedAt'],
    defaults: {
      // Bookings stored before references, until assignMissingReferences gives them one.
      reference: null,
      boatName: null,
      userEmail: null,
      paymentAmount: null,
      paymentCurrency: null,
      checkoutId: null,
      paymentId: null,
      // Absent on bookings written before cancellations and refunds: those of a booking just made.
      ...UNCHANGED_BOOKING,
    },
    // Paid before payment methods were recorded: paid by card (the only way then).
    derived: { paymentMethod: (data) => data.paymentMethod ?? (data.paid === true && data.paymentId ? 'card' : null) },
  });
}
