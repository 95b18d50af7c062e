import type { Booking } from './booking';
import { changeHold, holdExpiry, isCancelled } from './booking-state';

/**
 * An event's places, kept beside its bookings and changed in the same transaction as every
 * change of places, so that counting them never means reading the bookings: the places held for
 * good (free and paid bookings) and the unpaid holds with the moment each lapses. A lapsed hold
 * counts for nothing from that moment on, with no write; the next write drops it.
 *
 * Every change of places goes through one of the functions below, so the ledger always counts
 * what `placesTaken` counts over the event's bookings (a fast-check property says so). Later
 * changes (cancellations, refunds, offers from a waiting list, admin corrections) are a
 * `ledgerWithoutBooking` and a `ledgerWithBooking`; capacity is not in the ledger, so changing it
 * touches nothing here.
 */
export interface PlacesLedger {
  /** Places of free and paid bookings: held for good. */
  confirmed: number;
  /** Unpaid bookings of paid events, each holding its places until `untilMs` (epoch ms, exclusive). */
  holds: PlacesHold[];
}

export interface PlacesHold {
  bookingId: string;
  places: number;
  untilMs: number;
}

export type LedgerBooking = Pick<Booking, 'id' | 'numberAttending' | 'paymentRequired' | 'paid' | 'submittedAt' | 'cancelledAt'> & {
  pendingChange?: Booking['pendingChange'];
};

/**
 * A larger change waiting for its payment holds its extra places under `change:<booking id>`
 * (booking ids never hold a colon), derived from the booking like its own hold, so that the
 * ledger's recount (checkPlaces) counts it and a lapsed one frees them with no write.
 */
export const CHANGE_HOLD_PREFIX = 'change:';

export function changeHoldId(bookingId: string): string {
  return `${CHANGE_HOLD_PREFIX}${bookingId}`;
}

export const EMPTY_LEDGER: PlacesLedger = Object.freeze({ confirmed: 0, holds: Object.freeze([]) as unknown as PlacesHold[] });

/** Places taken at `now`: those held for good plus the holds that have not lapsed. */
export function ledgerTaken(ledger: PlacesLedger, now: Date): number {
  const at = now.getTime();
  let taken = ledger.confirmed;
  for (const hold of ledger.holds) if (at < hold.untilMs) taken += hold.places;
  return taken;
}

/** Places still free, never below 0; null when the event has no capacity. */
export function ledgerPlacesLeft(capacity: number | null, ledger: PlacesLedger, now: Date): number | null {
  if (capacity === null) return null;
  return Math.max(0, capacity - ledgerTaken(ledger, now));
}

/** The same ledger without the holds that have lapsed by `now` (they count for nothing already). */
export function withoutLapsedHolds(ledger: PlacesLedger, now: Date): PlacesLedger {
  const at = now.getTime();
  return { confirmed: ledger.confirmed, holds: ledger.holds.filter((hold) => at < hold.untilMs) };
}

/** The ledger once this booking is stored. */
export function ledgerWithBooking(ledger: PlacesLedger, booking: LedgerBooking): PlacesLedger {
  if (isCancelled(booking)) return ledger;
  const withChange = ledgerWithChangeHold(ledger, booking);
  const until = holdExpiry(booking);
  if (until === null) return { confirmed: withChange.confirmed + booking.numberAttending, holds: withChange.holds };
  return {
    confirmed: withChange.confirmed,
    holds: [...withChange.holds.filter((hold) => hold.bookingId !== booking.id), { bookingId: booking.id, places: booking.numberAttending, untilMs: until }],
  };
}

/** The ledger with this booking's change hold (changeHold), replacing an earlier one; unchanged when it holds none. */
function ledgerWithChangeHold(ledger: PlacesLedger, booking: LedgerBooking): PlacesLedger {
  const hold = changeHold(booking);
  const id = changeHoldId(booking.id);
  const others = ledger.holds.filter((h) => h.bookingId !== id);
  return { confirmed: ledger.confirmed, holds: hold === null ? others : [...others, { bookingId: id, places: hold.places, untilMs: hold.untilMs }] };
}

/**
 * The ledger once this booking (as stored before the payment) is marked paid: its places are
 * held for good from now on, whether or not its hold had lapsed (a late payment the provider has
 * already taken still counts, as `placesTaken` counts it over the bookings).
 */
export function ledgerWithPayment(ledger: PlacesLedger, unpaid: LedgerBooking): PlacesLedger {
  if (isCancelled(unpaid) || holdExpiry(unpaid) === null) return ledger;
  return { confirmed: ledger.confirmed + unpaid.numberAttending, holds: ledger.holds.filter((hold) => hold.bookingId !== unpaid.id) };
}

/** The ledger once this booking (as stored) no longer takes places: cancelled, refunded or removed. */
export function ledgerWithoutBooking(ledger: PlacesLedger, booking: LedgerBooking): PlacesLedger {
  if (isCancelled(booking)) return ledger;
  ledger = ledgerWithoutHold(ledger, changeHoldId(booking.id));
  if (holdExpiry(booking) === null) {
    return { confirmed: Math.max(0, ledger.confirmed - booking.numberAttending), holds: ledger.holds };
  }
  return { confirmed: ledger.confirmed, holds: ledger.holds.filter((hold) => hold.bookingId !== booking.id) };
}

/**
 * The ledger once a stored booking is replaced by its changed self (cancelled, paid, corrected):
 * the old booking's places out, the new one's in. Lapsed holds are dropped first.
 */
export function ledgerWithChange(ledger: PlacesLedger, before: LedgerBooking, after: LedgerBooking, now: Date): PlacesLedger {
  return ledgerWithBooking(ledgerWithoutBooking(withoutLapsedHolds(ledger, now), before), after);
}

/**
 * A waiting-list offer's hold: places held for the member offered them until the offer lapses,
 * kept among the holds under `offer:<entry id>` (booking ids never hold a colon), so that every
 * count of places counts them and nobody else can book them meanwhile.
 */
export const OFFER_HOLD_PREFIX = 'offer:';

export function offerHoldId(entryId: string): string {
  return `${OFFER_HOLD_PREFIX}${entryId}`;
}

export function isOfferHold(hold: Pick<PlacesHold, 'bookingId'>): boolean {
  return hold.bookingId.startsWith(OFFER_HOLD_PREFIX);
}

/** The ledger without the hold of this id (an offer taken up, withdrawn or lapsed). */
export function ledgerWithoutHold(ledger: PlacesLedger, holdId: string): PlacesLedger {
  return { confirmed: ledger.confirmed, holds: ledger.holds.filter((hold) => hold.bookingId !== holdId) };
}

/** The ledger with this offer's hold (replacing an earlier hold of the same id). */
export function ledgerWithOfferHold(ledger: PlacesLedger, hold: PlacesHold): PlacesLedger {
  if (!isOfferHold(hold)) throw new RangeError('An offer hold is named offer:<entry id>');
  return { confirmed: ledger.confirmed, holds: [...ledger.holds.filter((h) => h.bookingId !== hold.bookingId), { ...hold }] };
}

/** The ledger the bookings make, with the stored ledger's live offer holds kept (they come from no booking). */
export function rebuiltLedger(bookings: LedgerBooking[], stored: PlacesLedger | undefined, now: Date): PlacesLedger {
  const fromBookings = ledgerFromBookings(bookings, now);
  const offers = withoutLapsedHolds(stored ?? EMPTY_LEDGER, now).holds.filter(isOfferHold);
  return { confirmed: fromBookings.confirmed, holds: [...fromBookings.holds, ...offers] };
}

/** The ledger an event's bookings make, without the holds that have lapsed by `now`. */
export function ledgerFromBookings(bookings: LedgerBooking[], now: Date): PlacesLedger {
  return withoutLapsedHolds(bookings.reduce(ledgerWithBooking, EMPTY_LEDGER), now);
}

/** What a ledger says at `now`: places held for good and places held by live holds. */
export interface PlacesCount {
  confirmed: number;
  held: number;
}

export function ledgerCount(ledger: PlacesLedger, now: Date): PlacesCount {
  return { confirmed: ledger.confirmed, held: ledgerTaken(ledger, now) - ledger.confirmed };
}

/** One event whose stored ledger does not say what its bookings say. */
export interface PlacesDifference {
  eventId: string;
  ledger: PlacesCount;
  bookings: PlacesCount;
}

/**
 * Compares stored ledgers with the ledgers rebuilt from the bookings, at `now`; the events that
 * differ, by id. An event with bookings and no stored ledger differs unless its bookings take no
 * places; a stored ledger with no bookings differs unless it counts nothing.
 */
export function placesDifferences(stored: Map<string, PlacesLedger>, bookings: (LedgerBooking & Pick<Booking, 'eventId'>)[], now: Date): PlacesDifference[] {
  const byEvent = new Map<string, LedgerBooking[]>();
  for (const booking of bookings) {
    const list = byEvent.get(booking.eventId) ?? [];
    list.push(booking);
    byEvent.set(booking.eventId, list);
  }
  const eventIds = [...new Set([...stored.keys(), ...byEvent.keys()])].sort();
  const differences: PlacesDifference[] = [];
  for (const eventId of eventIds) {
    // Offer holds come from the waiting list, not from bookings: they are not compared.
    const kept = stored.get(eventId) ?? EMPTY_LEDGER;
    const ledger = ledgerCount({ confirmed: kept.confirmed, holds: kept.holds.filter((hold) => !isOfferHold(hold)) }, now);
    const counted = ledgerCount(ledgerFromBookings(byEvent.get(eventId) ?? [], now), now);
    if (ledger.confirmed !== counted.confirmed || ledger.held !== counted.held) {
      differences.push({ eventId, ledger, bookings: counted });
    }
  }
  return differences;
}
