import { FieldPath, type DocumentData, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  EMPTY_LEDGER,
  ledgerFromBookings,
  ledgerTaken,
  ledgerWithBooking,
  ledgerWithPayment,
  placesDifferences,
  withoutLapsedHolds,
  type PlacesDifference,
  type PlacesLedger,
} from '../../core/domain/places-ledger';
import { BookingSchema, type Booking } from '../../core/entities/booking';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { AddBookingResult, BookingRepository } from '../../core/ports/booking-repository';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { INSTANT_TEXT_FIELD, instantFields, readInstant, toTimestamp } from './firestore-instants';
import { inTurn, TRANSACTION_ATTEMPTS } from './firestore-turns';

const NOT_FOUND = 'Booking not found';
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
export class FirestoreBookingRepository implements BookingRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'bookings', this.options);
  }

  private ledgerRef(eventId: string): DocumentReference {
    return collectionOf(this.db, 'placesLedgers', this.options).doc(eventId);
  }

  async addIfPlacesRemain(booking: Booking, limit: { capacity: number | null; now: Date }): Promise<AddBookingResult> {
    if (!isDocumentId(booking.id)) throw new ValidationError('A booking id may not contain a slash or be reserved by Firestore');
    if (!isDocumentId(booking.eventId)) throw new ValidationError('An event id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(booking.id);
    const ledgerRef = this.ledgerRef(booking.eventId);
    const capacity = limit.capacity;
    const turnKey = `${this.collection.path}/event:${booking.eventId}`;
    return inTurn(this.db, turnKey, () =>
      withCoreErrors(
        () =>
          this.db.runTransaction(
            async (tx): Promise<AddBookingResult> => {
              // Two documents whatever the number of bookings: this id (it must be free) and the
              // event's ledger. Another process changing the ledger before the commit makes this
              // attempt start again with its change counted.
              const [existing, stored] = await tx.getAll(ref, ledgerRef);
              if (existing.exists) throw new ConflictError(CONFLICT);
              const ledger = withoutLapsedHolds(toLedger(stored), limit.now);
              if (capacity !== null) {
                const taken = ledgerTaken(ledger, limit.now);
                if (taken + booking.numberAttending > capacity) {
                  return { added: false, placesLeft: Math.max(0, capacity - taken) };
                }
              }
              tx.create(ref, toDocument(booking));
              tx.set(ledgerRef, fromLedger(ledgerWithBooking(ledger, booking)));
              return { added: true };
            },
            { maxAttempts: TRANSACTION_ATTEMPTS },
          ),
        { conflict: CONFLICT },
      ),
    );
  }

  async get(id: string): Promise<Booking | null> {
    if (!isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toBooking(snapshot) : null;
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

  async placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>> {
    const taken = new Map(eventIds.map((id) => [id, 0]));
    const refs = [...taken.keys()].filter(isDocumentId).map((id) => this.ledgerRef(id));
    if (refs.length === 0) return taken;
    // One read per event, in one round trip.
    const snapshots = await withCoreErrors(() => this.db.getAll(...refs));
    for (const snapshot of snapshots) taken.set(snapshot.id, ledgerTaken(toLedger(snapshot), now));
    return taken;
  }

  async checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]> {
    const ledgers = await withCoreErrors(() => collectionOf(this.db, 'placesLedgers', this.options).get());
    const stored = new Map(ledgers.docs.map((doc) => [doc.id, toLedger(doc)]));
    const differences = placesDifferences(stored, await this.listAll(), options.now);
    if (options.repair) {
      for (const { eventId } of differences) {
        // Rebuilt in a transaction that reads the event's bookings, so a booking made meanwhile
        // is either counted or makes the rebuild start again.
        await withCoreErrors(() =>
          this.db.runTransaction(
            async (tx) => {
              const bookings = await tx.get(this.collection.where('eventId', '==', eventId));
              tx.set(this.ledgerRef(eventId), fromLedger(ledgerFromBookings(bookings.docs.map(toBooking), options.now)));
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

  async markPaid(bookingId: string, payment: { paymentId: string; paymentCompletedAt: string }): Promise<boolean> {
    if (!isDocumentId(bookingId)) throw new NotFoundError(NOT_FOUND);
    const ref = this.collection.doc(bookingId);
    return inTurn(this.db, `${ref.path}:pay`, () =>
      withCoreErrors(() =>
        this.db.runTransaction(
          async (tx) => {
            // Read and written in one transaction: of two confirmations racing each other only
            // one finds the booking unpaid, and a paid booking keeps its first payment.
            const snapshot = await tx.get(ref);
            if (!snapshot.exists) throw new NotFoundError(NOT_FOUND);
            const booking = toBooking(snapshot);
            if (booking.paid) return false;
            // The places are held for good from now on, in the same commit as the payment.
            const ledgerRef = this.ledgerRef(booking.eventId);
            const ledger = toLedger(await tx.get(ledgerRef));
            tx.set(ledgerRef, fromLedger(ledgerWithPayment(ledger, booking)));
            tx.update(ref, {
              paid: true,
              paymentId: payment.paymentId,
              paymentCompletedAt: toTimestamp(payment.paymentCompletedAt),
              [`${INSTANT_TEXT_FIELD}.paymentCompletedAt`]: payment.paymentCompletedAt,
            });
            return true;
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      ),
    );
  }
}

const LedgerSchema = z.object({
  confirmed: z.number().int().min(0),
  holds: z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() })),
});

/** The stored ledger, or the empty one when the event has none yet. */
function toLedger(snapshot: DocumentSnapshot): PlacesLedger {
  return snapshot.exists ? LedgerSchema.parse(snapshot.data()) : EMPTY_LEDGER;
}

function fromLedger(ledger: PlacesLedger): DocumentData {
  return { confirmed: ledger.confirmed, holds: ledger.holds.map((hold) => ({ ...hold })) };
}

function newestFirst(a: Booking, b: Booking): number {
  return Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function toDocument(booking: Booking): DocumentData {
  const document: DocumentData = {
    eventId: booking.eventId,
    eventName: booking.eventName,
    firstName: booking.firstName,
    lastName: booking.lastName,
    numberAttending: booking.numberAttending,
    numberOfChildren: booking.numberOfChildren,
    numberOfSoftDrinks: booking.numberOfSoftDrinks,
    numberOfVegetarian: booking.numberOfVegetarian,
    paymentRequired: booking.paymentRequired,
    paid: booking.paid,
    paymentAmount: booking.paymentAmount,
    paymentCurrency: booking.paymentCurrency,
    checkoutId: booking.checkoutId,
    paymentId: booking.paymentId,
    ...instantFields({ submittedAt: booking.submittedAt, paymentCompletedAt: booking.paymentCompletedAt }),
  };
  if (booking.boatName !== null) document.boatName = booking.boatName;
  if (booking.userEmail !== null) document.userEmail = booking.userEmail;
  return document;
}

function toBooking(snapshot: DocumentSnapshot): Booking {
  const data = snapshot.data() ?? {};
  return BookingSchema.parse({
    id: snapshot.id,
    eventId: data.eventId,
    eventName: data.eventName,
    firstName: data.firstName,
    lastName: data.lastName,
    numberAttending: data.numberAttending,
    numberOfChildren: data.numberOfChildren,
    numberOfSoftDrinks: data.numberOfSoftDrinks,
    numberOfVegetarian: data.numberOfVegetarian,
    boatName: data.boatName ?? null,
    userEmail: data.userEmail ?? null,
    submittedAt: readInstant(data, 'submittedAt'),
    paymentRequired: data.paymentRequired,
    paid: data.paid,
    paymentAmount: data.paymentAmount ?? null,
    paymentCurrency: data.paymentCurrency ?? null,
    checkoutId: data.checkoutId ?? null,
    paymentId: data.paymentId ?? null,
    paymentCompletedAt: readInstant(data, 'paymentCompletedAt'),
  });
}
