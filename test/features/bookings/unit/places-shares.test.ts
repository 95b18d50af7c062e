import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerTaken, type PlacesLedger } from '../../../../core/bookings/places-ledger';
import { allotShares, sharesCoveringChange, sharesMovedInto, spareOf, totalSpare, type SharedLedger } from '../../../../core/bookings/places-shares';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const at = NOW.getTime();

/** A part's ledger: places held for good and holds, some of them lapsed by NOW. */
const ledger: fc.Arbitrary<PlacesLedger> = fc.record({
  confirmed: fc.nat({ max: 20 }),
  holds: fc.array(fc.record({ bookingId: fc.uuid(), places: fc.integer({ min: 1, max: 4 }), untilMs: fc.integer({ min: at - 60_000, max: at + 60_000 }) }), {
    maxLength: 3,
  }),
});

/** Parts allotted for a capacity, then each given up to 5 places more or fewer taken within (or over) its share. */
const parts: fc.Arbitrary<{ capacity: number; parts: SharedLedger[] }> = fc
  .record({ ledgers: fc.array(ledger, { minLength: 1, maxLength: 8 }), room: fc.nat({ max: 60 }) })
  .map(({ ledgers, room }) => {
    const taken = ledgers.reduce((sum, l) => sum + ledgerTaken(l, NOW), 0);
    const capacity = taken + room;
    const shares = allotShares(ledgers, capacity, NOW);
    return { capacity, parts: ledgers.map((l, i) => ({ ledger: l, share: shares[i] })) };
  });

const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);

describe("shares of an event's places over the parts of its ledger", () => {
  it('are allotted to add up to the capacity, each part keeping at least its places taken', () => {
    fc.assert(
      fc.property(fc.array(ledger, { minLength: 1, maxLength: 8 }), fc.nat({ max: 80 }), (ledgers, capacity) => {
        const shares = allotShares(ledgers, capacity, NOW) as number[];
        const taken = ledgers.map((l) => ledgerTaken(l, NOW));
        expect(sum(shares)).toBe(Math.max(capacity, sum(taken)));
        shares.forEach((share, i) => expect(share).toBeGreaterThanOrEqual(taken[i]));
        // Spread evenly: no two parts' spare differ by more than one.
        const spare = shares.map((share, i) => share - taken[i]);
        if (sum(taken) <= capacity) expect(Math.max(...spare) - Math.min(...spare)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('move into a part run dry only what the others can spare, and never change their sum', () => {
    fc.assert(
      fc.property(parts, fc.nat({ max: 7 }), fc.integer({ min: 1, max: 30 }), ({ capacity, parts }, at, places) => {
        const into = at % parts.length;
        const moved = sharesMovedInto(parts, into, places, NOW);
        if (totalSpare(parts, NOW) < places) {
          expect(moved).toBeNull();
          return;
        }
        expect(moved).not.toBeNull();
        const shares = moved as number[];
        expect(sum(shares)).toBe(capacity);
        // The part now has room for the places, and no part holds less than it has taken.
        expect(spareOf({ ledger: parts[into].ledger, share: shares[into] }, NOW)).toBeGreaterThanOrEqual(places);
        parts.forEach((part, i) => expect(shares[i]).toBeGreaterThanOrEqual(Math.min(part.share as number, ledgerTaken(part.ledger, NOW))));
      }),
    );
  });

  it('are taken, among parts with as much spare, from the parts following the one run dry (ADR 63)', () => {
    const empty = { confirmed: 0, holds: [] };
    const full = (share: number) => ({ ledger: { confirmed: share, holds: [] }, share });
    // Two instances whose own parts (5 and 2) ran dry at once take from different parts.
    const parts: SharedLedger[] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (i === 2 || i === 5 ? full(25) : { ledger: empty, share: 25 }));
    expect(sharesMovedInto(parts, 5, 10, NOW)).toEqual([25, 25, 25, 25, 25, 25 + 13, 25 - 13, 25]);
    expect(sharesMovedInto(parts, 2, 10, NOW)).toEqual([25, 25, 25 + 13, 25 - 13, 25, 25, 25, 25]);
  });

  it("cover a change beyond its part's share from the others' spare, as far as it goes, keeping the sum", () => {
    fc.assert(
      fc.property(parts, fc.nat({ max: 7 }), fc.integer({ min: 1, max: 30 }), ({ capacity, parts }, at, extra) => {
        const into = at % parts.length;
        // The part's places grow by `extra` (a late payment, a correction the rule allowed).
        const grown = parts.map((part, i) => (i === into ? { ...part, ledger: { ...part.ledger, confirmed: part.ledger.confirmed + extra } } : part));
        const shares = sharesCoveringChange(grown, into, NOW);
        expect(sum(shares)).toBe(capacity);
        grown.forEach((part, i) => {
          if (i !== into) expect(shares[i]).toBeGreaterThanOrEqual(Math.min(part.share as number, ledgerTaken(part.ledger, NOW)));
        });
        // Short only when no other part had anything to spare.
        const lacking = ledgerTaken(grown[into].ledger, NOW) - shares[into];
        if (lacking > 0) grown.forEach((part, i) => i !== into && expect(spareOf({ ledger: part.ledger, share: shares[i] }, NOW)).toBe(0));
      }),
    );
  });
});
