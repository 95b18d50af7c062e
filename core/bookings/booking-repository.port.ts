import type { PlacesDifference, PlacesHold } from './places-ledger';
import type { Booking } from './booking';
import type { OutboxMessage } from '../mail/mail';
import type { AuditEntry } from '../audit/audit';

/** A change to one booking, decided by a core rule: the booking as it is to be stored, and what to write with it. */
export interface BookingChange {
  /** Same id and event as the stored booking. */
  booking: Booking;
  mail?: readonly OutboxMessage[];
  audit?: readonly AuditEntry[];
}

/**
 * What a new booking must fit in: the event's capacity (null: none) at `now`. With `offerHoldId`
 * the booking takes up that waiting-list offer: the offer's hold is not counted against it and is
 * dropped in the same transaction as the booking is added.
 */
export interface BookingLimit {
  capacity: number | null;
  /**
   * The event's `sequence` when `capacity` was read from it. Should the stored event's capacity
   * have been changed since (an admin's edit), the stored capacity counts: the check and the
   * booking are atomic with every event update (EventRepository.update with `placesAt`).
   */
  eventSequence?: number;
  now: Date;
  offerHoldId?: string;
}

/** Added; refused for want of places; or not added because another booking has its `reference` (try another). */
export type AddBookingResult = { added: true } | { added: false; placesLeft: number } | { added: false; referenceTaken: true };

/**
 * Bookings, and beside them each event's places ledger (core/bookings/places-ledger.ts), changed in
 * the same transaction as every change of places: adding a booking, and every later change
 * (payment, cancellation, refund, correction) through `change` with `ledgerWithChange`. Counting
 * an event's places reads its ledger, never its bookings, so the cost of a booking or a calendar
 * view does not grow with the bookings made.
 */
export interface BookingRepository {
  /**
   * Adds the booking only if the event still has room for it: with `capacity` null it is always
   * added; otherwise the places taken at `now` (the ledger's count, which is the core rule
   * `placesTaken` over the event's bookings: free and paid bookings, plus unpaid holds younger
   * than 30 minutes) plus this booking's `numberAttending` must not exceed `capacity`. Atomic,
   * with the ledger written in the same transaction: concurrent calls never overfill. When
   * refused, returns the places left at that moment (never negative) and changes nothing.
   * `mail` (the member's confirmation) is written to the outbox in the same transaction: with
   * the booking, or not at all. The capacity that counts is the stored event's at the moment of
   * writing (`limit.capacity` when the event is not stored, or unchanged since `eventSequence`).
   * A booking's `reference` (when not null) is unique: when another booking has it, returns
   * `referenceTaken` and changes nothing.
   */
  addIfPlacesRemain(booking: Booking, limit: BookingLimit, mail?: readonly OutboxMessage[]): Promise<AddBookingResult>;
  /**
   * Holds `hold.places` places for a waiting-list offer until `hold.untilMs` (the hold's id is
   * `offerHoldId(entry id)`), only if they fit: the places taken at `now` (an earlier hold of the
   * same id left out) plus these must not exceed `capacity` (the stored event's, as for
   * addIfPlacesRemain). Atomic with every booking, like addIfPlacesRemain: concurrent bookings
   * and offers never overfill. False, and nothing
   * written, when they do not fit.
   */
  holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date; eventSequence?: number }): Promise<boolean>;
  /** Drops the offer hold of this id from the event's ledger (an offer withdrawn); none: no change. */
  releaseHold(eventId: string, holdId: string, now: Date): Promise<void>;
  /** The booking with this id, or null. */
  get(id: string): Promise<Booking | null>;
  /** The booking with this reference (its stored form, `KYC-7F3K9`), or null. */
  findByReference(reference: string): Promise<Booking | null>;
  /**
   * Gives every booking without a reference (those stored before references) one: `referenceFor`'s
   * for attempt 0, else for the next attempt while the reference is taken. Returns how many were
   * given one. Safe to run again and alongside new bookings; a reference given is never changed.
   */
  assignMissingReferences(referenceFor: (bookingId: string, attempt: number) => string): Promise<number>;
  /**
   * Gives every booking stored without its e-mail key (`emailKey`, the e-mail trimmed and
   * lower-cased, by which `listForMember` finds guest bookings) its key, and a booking stored
   * without a `memberId` an explicit null; returns how many bookings it changed. Only bookings
   * written before My club can lack them (Firestore's: SQLite migration 0030 back-filled its own).
   * Safe to run again, alongside new bookings and changes, and on two server instances at once:
   * a key is derived from the booking's e-mail as stored when it is written, and nothing else changes.
   */
  assignMissingEmailKeys(): Promise<number>;
  /**
   * The booking holding this checkout id, or null: its own checkout (`checkoutId`), and for good
   * every checkout of its larger changes (changeCheckoutIds: the one waiting, those that paid a
   * change, and those replaced by another change), as written by `change` and `addIfPlacesRemain`.
   */
  findByCheckoutId(checkoutId: string): Promise<Booking | null>;
  /** Every booking of every event, newest `submittedAt` first. */
  listAll(): Promise<Booking[]>;
  /** The event's bookings, newest `submittedAt` first. */
  listByEvent(eventId: string): Promise<Booking[]>;
  /**
   * A signed-in member's bookings (docs/my-club.md): those made while signed in as the member
   * (`memberId`), and those made without signing in whose e-mail, trimmed and lower-cased, is
   * `emailKey` (never one another member made). Newest `submittedAt` first, at most `limit` of
   * each kind: reads by an indexed field, as many whatever the number of the club's bookings.
   */
  listForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<Booking[]>;
  /**
   * The places taken at `now` of each of these events (0 for an event without bookings), read
   * from their ledgers: a constant number of reads per event, whatever its number of bookings.
   */
  placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>>;
  /**
   * Recounts every event's places from its bookings and compares them with its ledger at `now`:
   * the events that differ. With `repair`, each differing ledger is rebuilt from the bookings.
   */
  checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]>;
  /** How many bookings the event has (of any payment state). */
  countByEvent(eventId: string): Promise<number>;
  /** Records the checkout created for a booking. Throws NotFoundError for an unknown booking. */
  setCheckout(bookingId: string, checkoutId: string): Promise<void>;
  /**
   * Changes one booking as `decide` says, atomically: reads the booking and its event's places
   * taken at `now` (the ledger's count, the booking's own places included while it holds them),
   * and writes the changed booking, its event's ledger (ledgerWithChange), the mail and the audit
   * entries in one transaction. `decide` returns null to change nothing; a throw (a refusal)
   * changes nothing and reaches the caller. It may run more than once (a race runs it again on
   * fresh reads), so it must be pure. Returns the booking as stored afterwards and whether this
   * call changed it. Throws NotFoundError for an unknown booking.
   */
  change(
    bookingId: string,
    now: Date,
    decide: (current: Booking, placesTaken: number) => BookingChange | null,
  ): Promise<{ booking: Booking; changed: boolean }>;
}
