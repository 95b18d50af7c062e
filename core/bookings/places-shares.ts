import { ledgerTaken, type PlacesLedger } from './places-ledger';

/**
 * An event's places ledger split into parts (ADR 63), each part a ledger of its own bookings and
 * holds with a `share`: the places that part may fill. The shares of an event with a capacity add
 * up to that capacity, so a booking that fits its part's share fits the event, and parts can be
 * written at once by different servers. Null shares: the event has no capacity.
 *
 * A part's taken places may exceed its share only through a late payment the provider has
 * already taken (as `ledgerWithPayment` counts it); every other change keeps taken <= share.
 */
export interface SharedLedger {
  ledger: PlacesLedger;
  share: number | null;
}

/** What a part may still give at `now`: its share less its places taken (a lapsed hold's places are free again). */
export function spareOf(part: SharedLedger, now: Date): number {
  if (part.share === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, part.share - ledgerTaken(part.ledger, now));
}

/** What all parts may still give at `now`. */
export function totalSpare(parts: SharedLedger[], now: Date): number {
  return parts.reduce((sum, part) => sum + spareOf(part, now), 0);
}

/**
 * Shares for `capacity` over these ledgers: each part keeps its places taken and gets an even
 * part of the free places (the first parts one more while some are left over). Their sum is the
 * capacity, or the places taken when more are taken than the capacity (then nothing is spare).
 */
export function allotShares(ledgers: PlacesLedger[], capacity: number | null, now: Date): (number | null)[] {
  if (capacity === null) return ledgers.map(() => null);
  const taken = ledgers.map((ledger) => ledgerTaken(ledger, now));
  const free = Math.max(0, capacity - taken.reduce((a, b) => a + b, 0));
  const even = Math.floor(free / ledgers.length);
  const extra = free % ledgers.length;
  return taken.map((t, i) => t + even + (i < extra ? 1 : 0));
}

/**
 * The shares after part `into` is given room for `places` more, taken from the other parts'
 * spare places (most spare first; from each at least half its spare, so that a part run dry does
 * not come back for every booking), or null when all parts together have not that much spare.
 * The sum of the shares never changes; no part is left with less than its places taken.
 */
export function sharesMovedInto(parts: SharedLedger[], into: number, places: number, now: Date): number[] | null {
  const shares = parts.map((part) => part.share);
  if (shares.some((share) => share === null)) throw new RangeError('Only shares of a capacity are moved');
  const next = shares as number[];
  let need = places - spareOf(parts[into], now);
  if (need <= 0) return [...next];
  const after = (index: number) => (index - into + parts.length) % parts.length;
  if (totalSpare(parts, now) < places) return null;
  const result = [...next];
  const donors = parts
    .map((part, index) => ({ index, spare: spareOf(part, now) }))
    .filter((d) => d.index !== into && d.spare > 0)
    // Among equals, the parts following `into` first: instances moving shares into different parts
    // at once then take from different parts, not all from part 0.
    .sort((a, b) => b.spare - a.spare || after(a.index) - after(b.index));
  for (const donor of donors) {
    if (need <= 0) break;
    const given = Math.min(donor.spare, Math.max(need, Math.ceil(donor.spare / 2)));
    result[donor.index] -= given;
    result[into] += given;
    need -= given;
  }
  return result;
}

/**
 * Like `sharesMovedInto`, for a change the rule already allowed (a late payment, a correction):
 * moves as much as the others can spare up to what part `into` lacks, and never fails; a part
 * may then be left with more taken than its share (a late payment with no room left anywhere).
 */
export function sharesCoveringChange(parts: SharedLedger[], into: number, now: Date): number[] {
  const shares = parts.map((part) => part.share ?? 0);
  const lacking = ledgerTaken(parts[into].ledger, now) - shares[into];
  if (parts[into].share === null || lacking <= 0) return shares;
  let need = lacking;
  const result = [...shares];
  for (const [index, part] of parts.entries()) {
    if (index === into || need <= 0) continue;
    const given = Math.min(spareOf(part, now), need);
    result[index] -= given;
    result[into] += given;
    need -= given;
  }
  return result;
}
