import { FieldPath, FieldValue, type DocumentData, type DocumentReference, type DocumentSnapshot, type Firestore, type Query, type WriteBatch } from 'firebase-admin/firestore';
import { z } from 'zod';
import * as places from '../../core/bookings/places-ledger';
import type { PlacesDifference, PlacesHold, PlacesLedger } from '../../core/bookings/places-ledger';
import { bookingEmailKey, BookingSchema, UNCHANGED_BOOKING, type Booking } from '../../core/bookings/booking';
import { NotFoundError, ValidationError } from '../../core/shared/errors';
import { BOOKING_NOT_FOUND } from '../../core/shared/messages';
import type { AddBookingResult, BookingChange, BookingLimit, BookingRepository } from '../../core/bookings/booking-repository.port';
import { collectionOf, FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { inTurn, TRANSACTION_ATTEMPTS } from './firestore-turns';
import type { OutboxMessage } from '../../core/mail/mail';
import { addToOutbox } from './firestore-outbox';
import { appendToAuditLog } from './firestore-audit-log';
import { checkedChange } from '../../core/bookings/booking-change';
import { readDocument } from './firestore-read-document';

const NOT_FOUND = BOOKING_NOT_FOUND;
const CONFLICT = 'A booking with this id already exists';

/**
 * Bookings in the `bookings` collection, one document per booking keyed by its id, with the
 * spec's fields; submittedAt and paymentCompletedAt are Timestamps. As the spec says, userEmail
 * (and likewise boatName) is only present when there is one.
 *
 * Each event's places ledger is the document of the event's id in `placesLedgers`
 * ({ confirmed, holds: [{ bookingId, places, untilMs }] }), written in the same transaction as
 * every booking and payment: a booking reads two documents (its own id and the ledger) whatever
 * the number of bookings, and a calendar reads one ledger per event with a capacity.
 */
export class FirestoreBookingRepository extends FirestoreCollectionAdapter implements BookingRepository {
  protected readonly collectionName = 'bookings';

  private ledgerRef(eventId: string): DocumentReference {
    return placesLedgerRef(this.db, eventId, this.options);
  }

  private referenceRef(reference: string): DocumentReference {
    return collectionOf(this.db, 'bookingReferences', this.options).doc(reference);
  }

  /**
   * The capacity a booking or offer must fit in. The ledger's `eventSequence` is the event's
   * revision whose capacity was last checked against it (FirestoreEventRepository.update with
   * `placesAt`, which writes it in the same transaction as the event): when it is newer than the
   * revision the caller read, the capacity changed since, and the stored event's counts. A
   * capacity written after the ledger was read changes the ledger, and so fails the booking's
   * precondition: it is then decided again on fresh reads.
   */
  private async capacityToFit(ledger: DocumentSnapshot, eventId: string, limit: { capacity: number | null; eventSequence?: number }): Promise<number | null> {
    const checked: unknown = ledger.get('eventSequence');
    if (typeof checked !== 'number' || (limit.eventSequence !== undefined && checked <= limit.eventSequence)) return limit.capacity;
    const event = await collectionOf(this.db, 'events', this.options).doc(eventId).get();
    if (!event.exists) return limit.capacity;
    const capacity: unknown = event.get('capacity');
    return typeof capacity === 'number' ? capacity : null;
  }

  async addIfPlacesRemain(booking: Booking, limit: BookingLimit, mail: readonly OutboxMessage[] = []): Promise<AddBookingResult> {
    if (!isDocumentId(booking.id)) throw new ValidationError('A booking id may not contain a slash or be reserved by Firestore');
    if (!isDocumentId(booking.eventId)) throw new ValidationError('An event id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(booking.id);
    const ledgerRef = this.ledgerRef(booking.eventId);
    const referenceRef = booking.reference === null ? null : this.referenceRef(booking.reference);
    const turnKey = `${this.collection.path}/event:${booking.eventId}`;
    return inTurn(this.db, turnKey, () =>
      withCoreErrors(
        () =>
          optimistically(async () => {
            // One read whatever the number of bookings: the event's ledger. The write below is
            // made only if the ledger is still as read, and only if the booking's id is free.
            const stored = await ledgerRef.get();
            let ledger = places.withoutLapsedHolds(toLedger(stored), limit.now);
            if (limit.offerHoldId !== undefined) ledger = places.ledgerWithoutHold(ledger, limit.offerHoldId);
            const capacity = await this.capacityToFit(stored, booking.eventId, limit);
            if (capacity !== null) {
              const taken = places.ledgerTaken(ledger, limit.now);
              if (taken + booking.numberAttending > capacity) {
                return { done: { added: false, placesLeft: Math.max(0, capacity - taken) } as AddBookingResult };
              }
            }
            const batch = this.db.batch();
            batch.create(ref, toDocument(booking));
            // The reference's own document: created only while no other booking has it.
            if (referenceRef) batch.create(referenceRef, { bookingId: booking.id });
            writeLedger(batch, stored, places.ledgerWithBooking(ledger, booking));
            addToOutbox(batch, this.db, mail, this.options);
            return {
              batch,
              done: { added: true } as AddBookingResult,
              onExists: async () => {
                if ((await ref.get()).exists) return 'conflict';
                if (referenceRef && (await referenceRef.get()).exists) return { done: { added: false, referenceTaken: true } as AddBookingResult };
                return 'raced';
              },
            };
          }),
        { conflict: CONFLICT },
      ),
    );
  }

  async holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date; eventSequence?: number }): Promise<boolean> {
    if (!isDocumentId(eventId)) return false;
    const ledgerRef = this.ledgerRef(eventId);
    // The same optimistic write as a booking's, in the same turn: a booking and an offer of one
    // event never both pass on one reading of the ledger.
    return inTurn(this.db, `${this.collection.path}/event:${eventId}`, () =>
      withCoreErrors(() =>
        optimistically(async () => {
          const stored = await ledgerRef.get();
          const ledger = places.ledgerWithoutHold(places.withoutLapsedHolds(toLedger(stored), limit.now), hold.bookingId);
          const capacity = await this.capacityToFit(stored, eventId, limit);
          if (capacity !== null && places.ledgerTaken(ledger, limit.now) + hold.places > capacity) return { done: false };
          const batch = this.db.batch();
          writeLedger(batch, stored, places.ledgerWithOfferHold(ledger, hold));
          return { batch, done: true };
        }),
      ),
    );
  }

  async releaseHold(eventId: string, holdId: string, now: Date): Promise<void> {
    if (!isDocumentId(eventId)) return;
    const ledgerRef = this.ledgerRef(eventId);
    await inTurn(this.db, `${this.collection.path}/event:${eventId}`, () =>
      withCoreErrors(() =>
        optimistically(async () => {
          const stored = await ledgerRef.get();
          if (!stored.exists) return { done: undefined };
          const batch = this.db.batch();
          writeLedger(batch, stored, places.ledgerWithoutHold(places.withoutLapsedHolds(toLedger(stored), now), holdId));
          return { batch, done: undefined };
        }),
      ),
    );
  }

  async get(id: string): Promise<Booking | null> {
    if (!isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toBooking(snapshot) : null;
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
      const wasGiven = await withCoreErrors(() =>
        this.db.runTransaction(
          async (tx) => {
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
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      );
      if (wasGiven) given += 1;
    }
    // Not on an empty database: bookings copied in later by migrate-storage may lack references.
    if (!all.empty) await withCoreErrors(() => mark.set({ at: new Date().toISOString() }));
    return given;
  }

  async findByCheckoutId(checkoutId: string): Promise<Booking | null> {
    // No stored checkout id is malformed Unicode, and Firestore answers a query for one with an error.
    if (!checkoutId.isWellFormed()) return null;
    // A checkout belongs to one booking; should two ever share one, the newest wins, as in
    // the other adapters, without needing another index.
    const snapshot = await withCoreErrors(() => this.collection.where('checkoutId', '==', checkoutId).get());
    const bookings = snapshot.docs.map(toBooking).sort(newestFirst);
    return bookings[0] ?? null;
  }

  async listAll(): Promise<Booking[]> {
    const snapshot = await withCoreErrors(() =>
      this.collection.orderBy('submittedAt', 'desc').orderBy(FieldPath.documentId(), 'asc').get(),
    );
    return snapshot.docs.map(toBooking);
  }

  async listByEvent(eventId: string): Promise<Booking[]> {
    const snapshot = await withCoreErrors(() =>
      this.collection
        .where('eventId', '==', eventId)
        .orderBy('submittedAt', 'desc')
        .orderBy(FieldPath.documentId(), 'asc')
        .get(),
    );
    return snapshot.docs.map(toBooking);
  }

  async listForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<Booking[]> {
    // Two indexed queries, each limited: as many reads for a club of 5 bookings as of 5,000.
    const newest = (query: Query) => query.orderBy('submittedAt', 'desc').orderBy(FieldPath.documentId(), 'asc').limit(limit).get();
    const [own, guest] = await withCoreErrors(() =>
      Promise.all([newest(this.collection.where('memberId', '==', member.memberId)), newest(this.collection.where('emailKey', '==', member.emailKey).where('memberId', '==', null))]),
    );
    return [...own.docs, ...guest.docs].map(toBooking).sort(newestFirst);
  }

  async placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>> {
    const taken = new Map(eventIds.map((id) => [id, 0]));
    const refs = [...taken.keys()].filter(isDocumentId).map((id) => this.ledgerRef(id));
    if (refs.length === 0) return taken;
    // One read per event, in one round trip.
    const snapshots = await withCoreErrors(() => this.db.getAll(...refs));
    for (const snapshot of snapshots) taken.set(snapshot.id, places.ledgerTaken(toLedger(snapshot), now));
    return taken;
  }

  async checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]> {
    const ledgers = await withCoreErrors(() => collectionOf(this.db, 'placesLedgers', this.options).get());
    const stored = new Map(ledgers.docs.map((doc) => [doc.id, toLedger(doc)]));
    const differences = places.placesDifferences(stored, await this.listAll(), options.now);
    if (options.repair) {
      for (const { eventId } of differences) {
        // Rebuilt in a transaction that reads the event's bookings, so a booking made meanwhile
        // is either counted or makes the rebuild start again.
        await withCoreErrors(() =>
          this.db.runTransaction(
            async (tx) => {
              const bookings = await tx.get(this.collection.where('eventId', '==', eventId));
              const current = await tx.get(this.ledgerRef(eventId));
              // Merged: the ledger's `eventSequence` (the event's capacity check) stays.
              tx.set(this.ledgerRef(eventId), fromLedger(places.rebuiltLedger(bookings.docs.map(toBooking), current.exists ? toLedger(current) : undefined, options.now)), { merge: true });
            },
            { maxAttempts: TRANSACTION_ATTEMPTS },
          ),
        );
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

  async change(bookingId: string, now: Date, decide: (current: Booking, placesTaken: number) => BookingChange | null): Promise<{ booking: Booking; changed: boolean }> {
    if (!isDocumentId(bookingId)) throw new NotFoundError(NOT_FOUND);
    const ref = this.collection.doc(bookingId);
    return inTurn(this.db, `${ref.path}:change`, () =>
      withCoreErrors(() =>
        optimistically<{ booking: Booking; changed: boolean }>(async () => {
          // Written only if neither the booking nor its event's ledger changed since read; a race
          // runs the rule again on fresh reads.
          const snapshot = await ref.get();
          if (!snapshot.exists) throw new NotFoundError(NOT_FOUND);
          const stored = toBooking(snapshot);
          const ledgerSnapshot = await this.ledgerRef(stored.eventId).get();
          const ledger = toLedger(ledgerSnapshot);
          const decided = decide(stored, places.ledgerTaken(ledger, now));
          if (!decided) return { done: { booking: stored, changed: false } };
          const next = checkedChange(stored, decided.booking);
          const batch = this.db.batch();
          const { boatName, userEmail } = next;
          batch.update(
            ref,
            { ...toDocument(next), boatName: boatName ?? FieldValue.delete(), userEmail: userEmail ?? FieldValue.delete(), emailKey: bookingEmailKey(userEmail) ?? FieldValue.delete() },
            { lastUpdateTime: snapshot.updateTime! },
          );
          writeLedger(batch, ledgerSnapshot, places.ledgerWithChange(ledger, stored, next, now));
          addToOutbox(batch, this.db, decided.mail ?? [], this.options);
          appendToAuditLog(batch, this.db, decided.audit ?? [], this.options);
          return { batch, done: { booking: next, changed: true } };
        }),
      ),
    );
  }
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
  attempt: () => Promise<{ batch?: WriteBatch; done: T; onExists?: () => Promise<'conflict' | 'raced' | { done: T }> }>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const { batch, done, onExists } = await attempt();
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
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * tries)));
    }
  }
}

/** The mark, in `bookingReferences`, that every stored booking has a reference (no reference has this form). */
const ALL_GIVEN = 'all-given';

/** The event's places ledger document. */
export function placesLedgerRef(db: Firestore, eventId: string, options: FirestoreCollectionOptions): DocumentReference {
  return collectionOf(db, 'placesLedgers', options).doc(eventId);
}

/** Writes the ledger only if it is still as read: updated at the same time, or still absent. */
function writeLedger(batch: WriteBatch, stored: DocumentSnapshot, ledger: PlacesLedger): void {
  if (stored.exists) batch.update(stored.ref, fromLedger(ledger), { lastUpdateTime: stored.updateTime! });
  else batch.create(stored.ref, fromLedger(ledger));
}

const LedgerSchema = z.object({
  confirmed: z.number().int().min(0),
  holds: z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() })),
});

/** The stored ledger, or the empty one when the event has none yet. */
export function toLedger(snapshot: DocumentSnapshot): PlacesLedger {
  return snapshot.exists ? LedgerSchema.parse(snapshot.data()) : places.EMPTY_LEDGER;
}

function fromLedger(ledger: PlacesLedger): DocumentData {
  return { confirmed: ledger.confirmed, holds: ledger.holds.map((hold) => ({ ...hold })) };
}

function newestFirst(a: Booking, b: Booking): number {
  return Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function toDocument(booking: Booking): DocumentData {
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
