import { FieldPath, Filter, Timestamp, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import * as places from '../../core/bookings/places-ledger';
import { requireCapacityFits } from '../../core/events/event-form';
import { FirestorePlacesShards, legacyLedger, toShard } from './firestore-places-shards';
import { TRANSACTION_ATTEMPTS } from './firestore-turns';
import { eventEndInstant } from '../../core/events/event-time';
import { NotFoundError, ValidationError } from '../../core/shared/errors';
import { EventSchema, type ClubEvent } from '../../core/events/event';
import { EventSeriesSchema, type EventSeries } from '../../core/events/event-series';
import { collectionOf } from './firestore-collections';
import { FirestoreCollectionAdapter, orderedBy, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, translateFirestoreError, withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import type { EventRepository, EventUpdateExtras } from '../../core/events/event-repository.port';
import { addToOutbox } from './firestore-outbox';
import { readEventDutyMove } from './firestore-event-duty-move';

/**
 * How long an event's read, once answered, is still shared with the callers that ask for the
 * event (ADR 63): about one round trip under load, so the event a caller gets is at most that
 * much older than a read of its own would be.
 */
export const EVENT_READ_SHARED_MS = 25;

/**
 * Events in the `events` collection, one document per event keyed by its id, with the spec's
 * fields; eventdatetime, eventenddatetime, bookingEndDate, createdAt, updatedAt and cancelledAt
 * are Timestamps (null for no date); sequence counts the event's changes for calendars.
 */
export class FirestoreEventRepository extends FirestoreCollectionAdapter implements EventRepository {
  protected readonly collectionName = 'events';
  /**
   * The reads of one event under way in this process, or answered in the last
   * EVENT_READ_SHARED_MS, each with the count of this repository's finished writes when it was
   * sent. A caller joins such a read instead of sending its own (a booking rush reads the event
   * once per round trip or so, not once per booking, ADR 63), but only one sent after this
   * process's last write had landed, so a caller always sees its own writes (ADR 63).
   */
  private readonly reading = new Map<string, { writes: number; read: Promise<ClubEvent | null> }>();
  private writesLanded = 0;

  constructor(
    db: Firestore,
    options: FirestoreCollectionOptions = {},
    private readonly shared: { readSharedMs: number } = { readSharedMs: EVENT_READ_SHARED_MS },
  ) {
    super(db, options);
  }

  /** Runs a write of events, counted once it has landed (or failed) for the shared reads. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.writesLanded += 1;
    }
  }

  async list(options: { order: 'asc' | 'desc'; limit?: number }): Promise<ClubEvent[]> {
    const limit = options.limit === undefined ? undefined : Math.floor(options.limit);
    if (limit !== undefined && !(limit > 0)) return [];
    return withCoreErrors(async () => {
      // Firestore orders null before every Timestamp, but undated events come last in both
      // orders: dated events are read first, then as many undated ones as the limit leaves.
      let dated = orderedBy(this.collection.where('eventdatetime', '!=', null), 'eventdatetime', options.order);
      if (limit !== undefined) dated = dated.limit(limit);
      const events = (await dated.get()).docs.map(toEvent);
      const room = limit === undefined ? undefined : limit - events.length;
      if (room === undefined || room > 0) {
        let undated = this.collection.where('eventdatetime', '==', null).orderBy(FieldPath.documentId(), 'asc');
        if (room !== undefined) undated = undated.limit(room);
        events.push(...(await undated.get()).docs.map(toEvent));
      }
      return events;
    });
  }

  async listNotOverBefore(from: Date): Promise<ClubEvent[]> {
    const since = Timestamp.fromMillis(from.getTime());
    return withCoreErrors(async () => {
      // One query, each of its three branches bounded and served by a single-field index:
      // events starting at or after `from`, events ending at or after it (begun earlier), and
      // the undated ones. A document matching two branches is returned (and billed) once. The
      // core's rule then decides exactly (an end before its start counts as the end, as
      // everywhere else).
      const snapshot = await this.collection
        .where(Filter.or(Filter.where('eventdatetime', '>=', since), Filter.where('eventenddatetime', '>=', since), Filter.where('eventdatetime', '==', null)))
        .get();
      const byId = new Map<string, ClubEvent>();
      for (const doc of snapshot.docs) if (!byId.has(doc.id)) byId.set(doc.id, toEvent(doc));
      const startOf = (e: ClubEvent) => (e.eventdatetime === null ? Number.POSITIVE_INFINITY : Date.parse(e.eventdatetime));
      return [...byId.values()]
        .filter((event) => {
          const end = eventEndInstant(event);
          return end === null || end.getTime() >= from.getTime();
        })
        .sort((a, b) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    });
  }

  get(id: string): Promise<ClubEvent | null> {
    if (!isDocumentId(id)) return Promise.resolve(null);
    const underWay = this.reading.get(id);
    if (underWay && underWay.writes === this.writesLanded) return underWay.read.then(copyOf);
    const read = withCoreErrors(() => this.collection.doc(id).get()).then((snapshot) => (snapshot.exists ? toEvent(snapshot) : null));
    const entry = { writes: this.writesLanded, read };
    this.reading.set(id, entry);
    const forget = () => {
      if (this.reading.get(id) === entry) this.reading.delete(id);
    };
    // A read that failed is not shared any longer; one answered, for a moment.
    read.then(() => setTimeout(forget, this.shared.readSharedMs).unref(), forget);
    return read.then(copyOf);
  }

  create(event: ClubEvent): Promise<void> {
    return this.writing(() => this.createNow(event));
  }

  update(event: ClubEvent, expected?: { sequence: number }, also: EventUpdateExtras = {}): Promise<boolean> {
    return this.writing(() => this.updateNow(event, expected, also));
  }

  delete(id: string): Promise<boolean> {
    return this.writing(() => this.deleteNow(id));
  }

  private async createNow(event: ClubEvent): Promise<void> {
    const ref = this.collection.doc(checkedId(event.id));
    await withCoreErrors(() => ref.create(toDocument(event)), { conflict: 'An event with this id already exists' });
    // Its places ledger's parts, so that the first bookings of a rush do not all race to make them.
    // The event is stored either way: parts not made now are made by its first booking (ADR 63).
    await new FirestorePlacesShards(this.db, this.options).createEmpty(event.id, event.capacity, event.sequence).catch(() => undefined);
  }

  private async updateNow(event: ClubEvent, expected: { sequence: number } | undefined, also: EventUpdateExtras): Promise<boolean> {
    if (!isDocumentId(event.id)) throw new NotFoundError('Event not found');
    const ref = this.collection.doc(event.id);
    const { mail = [], placesAt, duties } = also;
    // update() fails on a missing document, so an update never creates an event; every field
    // is given, so every field is replaced.
    if (!expected && mail.length === 0 && !placesAt && !duties) {
      await withCoreErrors(() => ref.update(toDocument(event)), { notFound: 'Event not found' });
      return true;
    }
    // One transaction: the event, the e-mails about its change (create() fails the commit on an
    // outbox id already taken) and, with `placesAt`, the capacity checked against the parts of
    // its places ledger (ADR 63), whose shares are allotted again for the new capacity, with this
    // revision written on each as the one whose capacity was checked (`eventSequence`). A booking
    // commits only if its part is unchanged since it read it, so a booking and this update never
    // both pass on one reading: either the booking is counted here, or it is decided again on the
    // new shares (FirestoreBookingRepository). With `duties`, the event's roster moves in the
    // same transaction (firestore-event-duty-move).
    const shards = placesAt ? new FirestorePlacesShards(this.db, this.options) : null;
    return withCoreErrors(
      () =>
        this.db.runTransaction(
          async (transaction) => {
            const [current, legacy, ...parts] = shards
              ? await transaction.getAll(ref, shards.legacyRef(event.id), ...shards.refs(event.id))
              : [await transaction.get(ref)];
            if (!current.exists) throw new NotFoundError('Event not found');
            // Documents written before the sequence existed read as 0 (toEvent).
            if (expected && (current.data()?.sequence ?? 0) !== expected.sequence) return false;
            const read = parts.map((part, index) => toShard(part, index));
            if (shards && legacy && placesAt) {
              const taken = [...read.map((part) => part.ledger), legacyLedger(legacy)].reduce((sum, ledger) => sum + places.ledgerTaken(ledger, placesAt), 0);
              requireCapacityFits(event.capacity, taken);
            }
            const moveDuties = duties ? await readEventDutyMove(transaction, this.db, this.options, duties) : null;
            transaction.update(ref, toDocument(event));
            moveDuties?.();
            if (shards && legacy && placesAt) shards.writeAllotment(transaction, event.id, read, legacy, event.capacity, placesAt, event.sequence);
            addToOutbox(transaction, this.db, mail, this.options);
            return true;
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      { conflict: 'An outbox message with this id already exists' },
    );
  }

  createSeries(series: EventSeries, events: readonly ClubEvent[]): Promise<void> {
    return this.writing(async () => {
      const valid = seriesDocument(series);
      const seriesRef = this.seriesCollection.doc(checkedId(valid.id));
      const refs = events.map((event) => this.collection.doc(checkedId(event.id)));
      // One batch (MAX_SERIES_DATES keeps it under Firestore's 500 writes): create() fails the
      // whole commit when any of the documents exists, so the series and its dates land together.
      const batch = this.db.batch();
      batch.create(seriesRef, valid);
      events.forEach((event, i) => batch.create(refs[i], toDocument(event)));
      await withCoreErrors(() => batch.commit(), { conflict: 'An event series or event with this id already exists' });
      // Each date's places ledger parts, as create() makes them (made by a first booking otherwise).
      const shards = new FirestorePlacesShards(this.db, this.options);
      for (const event of events) await shards.createEmpty(event.id, event.capacity, event.sequence).catch(() => undefined);
    });
  }

  async getSeries(id: string): Promise<EventSeries | null> {
    if (!isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.seriesCollection.doc(id).get());
    return snapshot.exists ? EventSeriesSchema.parse(snapshot.data()) : null;
  }

  async listSeries(): Promise<EventSeries[]> {
    // A club keeps a few series a season: read whole and ordered here, with no index to keep.
    const snapshot = await withCoreErrors(() => this.seriesCollection.get());
    return snapshot.docs
      .map((doc) => EventSeriesSchema.parse(doc.data()))
      .sort((a, b) => (a.firstDate < b.firstDate ? -1 : a.firstDate > b.firstDate ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  updateSeries(series: EventSeries): Promise<void> {
    return this.writing(async () => {
      const valid = seriesDocument(series);
      if (!isDocumentId(valid.id)) throw new NotFoundError('Event series not found');
      await withCoreErrors(() => this.seriesCollection.doc(valid.id).update(valid), { notFound: 'Event series not found' });
    });
  }

  async listBySeries(seriesId: string): Promise<ClubEvent[]> {
    // One equality filter (a single-field index); a series' few dates are ordered here.
    const snapshot = await withCoreErrors(() => this.collection.where('seriesId', '==', seriesId).get());
    const startOf = (e: ClubEvent) => (e.eventdatetime === null ? Number.POSITIVE_INFINITY : Date.parse(e.eventdatetime));
    return snapshot.docs.map(toEvent).sort((a, b) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private get seriesCollection() {
    return collectionOf(this.db, 'eventSeries', this.options);
  }

  private async deleteNow(id: string): Promise<boolean> {
    if (!isDocumentId(id)) return false;
    try {
      await this.collection.doc(id).delete({ exists: true });
      return true;
    } catch (error) {
      if (firestoreCode(error) === FIRESTORE_CODES.NOT_FOUND) return false;
      throw translateFirestoreError(error);
    }
  }
}

/** Each caller of a shared read gets its own copy, free to change. */
function copyOf(event: ClubEvent | null): ClubEvent | null {
  return event === null ? null : structuredClone(event);
}

/** A series as stored: checked, with no undefined field (Firestore refuses them). */
function seriesDocument(series: EventSeries): EventSeries & DocumentData {
  return JSON.parse(JSON.stringify(EventSeriesSchema.parse(series))) as EventSeries & DocumentData;
}

function checkedId(id: string): string {
  if (!isDocumentId(id)) throw new ValidationError('An event id may not contain a slash or be reserved by Firestore');
  return id;
}

function toDocument(event: ClubEvent): DocumentData {
  // The id is the document's own; the instants are Timestamps with their texts (firestore-instants).
  const { id: _id, eventdatetime, eventenddatetime, bookingEndDate, createdAt, updatedAt, cancelledAt, remindersOff, memberPrice, seriesId, ...fields } = event;
  // remindersOff and memberPrice are always written, so that an update turns reminders back on
  // and takes a member price away.
  return {
    ...fields,
    remindersOff: remindersOff === true,
    memberPrice: memberPrice ?? null,
    // Written only on a series' dates: an event of its own has none.
    ...(seriesId ? { seriesId } : {}),
    ...instantFields({ eventdatetime, eventenddatetime, bookingEndDate, createdAt, updatedAt, cancelledAt }),
  };
}

function toEvent(snapshot: DocumentSnapshot): ClubEvent {
  return readDocument(EventSchema, snapshot, {
    instants: ['eventdatetime', 'eventenddatetime', 'bookingEndDate', 'createdAt', 'updatedAt', 'cancelledAt'],
    // The spec's currency defaults to GBP, and capacity is ours: documents written before
    // either existed read as GBP and unlimited. Documents written before these existed read as
    // the first revision of an event that stands.
    defaults: { currency: 'GBP', capacity: null, sequence: 0, cancelReason: null },
    // Reminders are on unless turned off (documents written before the switch have none).
    derived: {
      remindersOff: (data) => (data.remindersOff === true ? true : undefined),
      // Given only when the event has one (documents written before member prices have none).
      memberPrice: (data) => (typeof data.memberPrice === 'number' ? data.memberPrice : undefined),
      seriesId: (data) => (typeof data.seriesId === 'string' ? data.seriesId : undefined),
    },
  });
}
