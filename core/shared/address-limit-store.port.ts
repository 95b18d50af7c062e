/** A held share of places, under a client address's key. */
export interface PlaceHold {
  /** Unique per hold (the booking's id). */
  id: string;
  /** A whole number above 0. */
  places: number;
  /** The hold ends at this instant (it no longer counts from then on). */
  until: Date;
}

export type HoldPlacesResult = { held: true } | { held: false; placesHeld: number };

/**
 * A key names a limit and what it limits: `<name>:<subject>` (e.g. `bookings-minute:203.0.113.7`,
 * `places:203.0.113.7`), the subject being a client address, a member or the like. Each key is
 * counted on its own; a store may keep the keys of one subject together (on Firestore, one
 * document per subject: ADR 63). A key without a colon is its own name and subject.
 */
export function addressLimitKeyParts(key: string): { name: string; subject: string } {
  const colon = key.indexOf(':');
  return colon < 1 ? { name: key, subject: key } : { name: key.slice(0, colon), subject: key.slice(colon + 1) };
}

/**
 * Per-address counters against booking spam, shared by every server instance that uses the same
 * storage: request counts in fixed windows (for express-rate-limit) and the places an address's
 * recent bookings hold. Keys: see `addressLimitKeyParts`.
 */
export interface AddressLimitStore {
  /**
   * Counts one hit for `key`. When the key has no window, or its window ended at or before `now`,
   * a new one starts at `now` and ends `windowMs` later. Atomic: N concurrent hits of a key
   * return the counts 1..N in some order. Returns the hits in the window, this one included, and
   * the window's end.
   */
  hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }>;
  /** Takes back one hit of the key's window (never below zero); an unknown key changes nothing. */
  unhit(key: string): Promise<void>;
  /** Forgets the key's window; the next hit starts a new one. */
  reset(key: string): Promise<void>;
  /**
   * Adds the hold under `key` only if the places of the key's holds still running at `now`
   * (`until` after `now`) plus `hold.places` are at most `limit.max`. Atomic: concurrent calls
   * never take the key past `max`. When refused, returns the places held at that moment.
   */
  holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult>;
  /** Ends the hold with this id under `key` at once; an unknown one changes nothing. */
  releasePlaces(key: string, holdId: string): Promise<void>;
}
