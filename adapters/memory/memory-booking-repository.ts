import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { BOOKING_NOT_FOUND } from '../../core/shared/messages';
import { bookingEmailKey, type Booking } from '../../core/bookings/booking';
import * as places from '../../core/bookings/places-ledger';
import type { PlacesDifference, PlacesHold, PlacesLedger } from '../../core/bookings/places-ledger';
import type { AddBookingResult, BookingChange, BookingLimit, BookingRepository } from '../../core/bookings/booking-repository.port';
import { compareText } from './compare-text';
import type { OutboxMessage } from '../../core/mail/mail';
import { MemoryOutbox } from './memory-outbox';
import { MemoryAuditLog } from './memory-audit-log';
import { changeCheckoutIds } from '../../core/bookings/booking-amendment';
import { checkedChange } from '../../core/bookings/booking-change';

export class MemoryBookingRepository implements BookingRepository {
  private readonly bookings = new Map<string, Booking>();
  /** Each event's places ledger, kept as the other adapters keep theirs. */
  private readonly ledgers = new Map<string, PlacesLedger>();
  /** Larger changes' own checkouts: checkout id to booking id, kept for good. */
  private readonly changeCheckouts = new Map<string, string>();

  /**
   * `outbox` and `audit`: where the mail and audit entries written with a change go (the same
   * store's); `capacityOf`: the stored event's capacity (undefined: no such event), so that a
   * booking counts the capacity as it is when written, as the other adapters do.
   */
  constructor(
    private readonly outbox: MemoryOutbox = new MemoryOutbox(),
    private readonly audit: MemoryAuditLog = new MemoryAuditLog(),
    private readonly capacityOf: (eventId: string) => number | null | undefined = () => undefined,
  ) {}

  /** The event's places taken at `now`, for the event repository's capacity check. */
  placesTaken(eventId: string, now: Date): number {
    return places.ledgerTaken(this.ledgers.get(eventId) ?? places.EMPTY_LEDGER, now);
  }

  // No await before the write: JavaScript runs this body to the end before any other call
  // starts, so the check and the insert are atomic within the process.
  async addIfPlacesRemain(booking: Booking, limit: BookingLimit, mail: readonly OutboxMessage[] = []): Promise<AddBookingResult> {
    if (this.bookings.has(booking.id)) throw new ConflictError('A booking with this id already exists');
    this.outbox.checkNew(mail);
    if (booking.reference !== null && this.referenceTaken(booking.reference)) return { added: false, referenceTaken: true };
    let ledger = places.withoutLapsedHolds(this.ledgers.get(booking.eventId) ?? places.EMPTY_LEDGER, limit.now);
    if (limit.offerHoldId !== undefined) ledger = places.ledgerWithoutHold(ledger, limit.offerHoldId);
    const stored = this.capacityOf(booking.eventId);
    const capacity = stored === undefined ? limit.capacity : stored;
    if (capacity !== null) {
      const taken = places.ledgerTaken(ledger, limit.now);
      if (taken + booking.numberAttending > capacity) {
        return { added: false, placesLeft: Math.max(0, capacity - taken) };
      }
    }
    this.bookings.set(booking.id, structuredClone(booking));
    this.ledgers.set(booking.eventId, places.ledgerWithBooking(ledger, booking));
    this.keepChangeCheckouts(booking);
    this.outbox.addNow(mail);
    return { added: true };
  }

  async holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date; eventSequence?: number }): Promise<boolean> {
    const ledger = places.ledgerWithoutHold(places.withoutLapsedHolds(this.ledgers.get(eventId) ?? places.EMPTY_LEDGER, limit.now), hold.bookingId);
    const stored = this.capacityOf(eventId);
    const capacity = stored === undefined ? limit.capacity : stored;
    if (capacity !== null && places.ledgerTaken(ledger, limit.now) + hold.places > capacity) return false;
    this.ledgers.set(eventId, places.ledgerWithOfferHold(ledger, hold));
    return true;
  }

  async releaseHold(eventId: string, holdId: string, now: Date): Promise<void> {
    const ledger = this.ledgers.get(eventId);
    if (ledger) this.ledgers.set(eventId, places.ledgerWithoutHold(places.withoutLapsedHolds(ledger, now), holdId));
  }

  async get(id: string): Promise<Booking | null> {
    const booking = this.bookings.get(id);
    return booking ? structuredClone(booking) : null;
  }

  async findByReference(reference: string): Promise<Booking | null> {
    return structuredClone([...this.bookings.values()].find((b) => b.reference === reference) ?? null);
  }

  async assignMissingReferences(referenceFor: (bookingId: string, attempt: number) => string): Promise<number> {
    let given = 0;
    for (const booking of this.bookings.values()) {
      if (booking.reference !== null) continue;
      let attempt = 0;
      while (this.referenceTaken(referenceFor(booking.id, attempt))) attempt += 1;
      booking.reference = referenceFor(booking.id, attempt);
      given += 1;
    }
    return given;
  }

  async assignMissingEmailKeys(): Promise<number> {
    // Memory bookings are never stored without their key: it is derived when read (listForMember).
    return 0;
  }

  private referenceTaken(reference: string): boolean {
    return [...this.bookings.values()].some((b) => b.reference === reference);
  }

  async findByCheckoutId(checkoutId: string): Promise<Booking | null> {
    const booking =
      newestFirst([...this.bookings.values()]).find((b) => b.checkoutId === checkoutId) ?? this.bookings.get(this.changeCheckouts.get(checkoutId) ?? '');
    return booking ? structuredClone(booking) : null;
  }

  async listAll(): Promise<Booking[]> {
    return newestFirst([...this.bookings.values()]).map((b) => structuredClone(b));
  }

  async listByEvent(eventId: string): Promise<Booking[]> {
    return newestFirst(this.ofEvent(eventId)).map((b) => structuredClone(b));
  }

  async listForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<Booking[]> {
    const all = newestFirst([...this.bookings.values()]);
    const own = all.filter((b) => b.memberId === member.memberId).slice(0, limit);
    const guest = all.filter((b) => b.memberId === null && bookingEmailKey(b.userEmail) === member.emailKey).slice(0, limit);
    return newestFirst([...own, ...guest]).map((b) => structuredClone(b));
  }

  async placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>> {
    return new Map(eventIds.map((id) => [id, places.ledgerTaken(this.ledgers.get(id) ?? places.EMPTY_LEDGER, now)]));
  }

  async checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]> {
    const differences = places.placesDifferences(this.ledgers, [...this.bookings.values()], options.now);
    if (options.repair) {
      for (const { eventId } of differences) this.ledgers.set(eventId, places.rebuiltLedger(this.ofEvent(eventId), this.ledgers.get(eventId), options.now));
    }
    return differences;
  }

  async countByEvent(eventId: string): Promise<number> {
    return this.ofEvent(eventId).length;
  }

  async setCheckout(bookingId: string, checkoutId: string): Promise<void> {
    const booking = this.bookings.get(bookingId);
    if (!booking) throw new NotFoundError(BOOKING_NOT_FOUND);
    booking.checkoutId = checkoutId;
  }

  // As addIfPlacesRemain: no await between the read and the writes.
  async change(
    bookingId: string,
    now: Date,
    decide: (current: Booking, placesTaken: number) => BookingChange | null,
  ): Promise<{ booking: Booking; changed: boolean }> {
    const stored = this.bookings.get(bookingId);
    if (!stored) throw new NotFoundError(BOOKING_NOT_FOUND);
    const ledger = this.ledgers.get(stored.eventId) ?? places.EMPTY_LEDGER;
    const decided = decide(structuredClone(stored), places.ledgerTaken(ledger, now));
    if (!decided) return { booking: structuredClone(stored), changed: false };
    const next = checkedChange(stored, decided.booking);
    this.outbox.checkNew(decided.mail ?? []);
    this.audit.checkNew(decided.audit ?? []);
    this.bookings.set(bookingId, structuredClone(next));
    this.ledgers.set(stored.eventId, places.ledgerWithChange(ledger, stored, next, now));
    this.keepChangeCheckouts(next);
    this.outbox.addNow(decided.mail ?? []);
    this.audit.appendNow(decided.audit ?? []);
    return { booking: structuredClone(next), changed: true };
  }

  private keepChangeCheckouts(booking: Booking): void {
    for (const checkoutId of changeCheckoutIds(booking)) if (!this.changeCheckouts.has(checkoutId)) this.changeCheckouts.set(checkoutId, booking.id);
  }

  private ofEvent(eventId: string): Booking[] {
    return [...this.bookings.values()].filter((b) => b.eventId === eventId);
  }
}

/** Newest `submittedAt` first; equal times by id, as the other adapters order them. */
function newestFirst(bookings: Booking[]): Booking[] {
  return bookings.sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || compareText(a.id, b.id));
}
