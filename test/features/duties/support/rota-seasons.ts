// Generated rota problems for the fill's properties (test/features/duties/unit/rota-rules.test.ts,
// contract/rota-solver.contract.ts), and the exhaustive fill they are checked against.
import fc from 'fast-check';
import type { RotaAllocation, RotaAssignment, RotaProblem, RotaSlot } from '../../../../core/duty-rosters/rota-problem';
import { rotaFairness, rotaViolations, type RotaFairness } from '../../../../core/duty-rosters/rota-rules';

const DAYS = ['2026-06-06', '2026-06-07', '2026-06-13'];
const PARTS = { am: ['09:00', '12:00'], pm: ['13:00', '17:00'], day: ['09:00', '17:00'] } as const;

const slotArb = fc.record({
  day: fc.constantFrom(...DAYS),
  part: fc.constantFrom('am', 'pm', 'day'),
  dutyTypeId: fc.constantFrom('galley', 'safety'),
  open: fc.integer({ min: 0, max: 2 }),
  allowsSecondDuty: fc.boolean(),
});

/** A small season: up to `slots` slots on three dates (two a day apart), up to `people` people in two households. */
export function smallSeason({ slots = 4, people = 3 } = {}): fc.Arbitrary<RotaProblem> {
  return fc
    .record({
      slots: fc.array(slotArb, { minLength: 1, maxLength: slots }),
      people: fc.array(
        fc.record({
          unit: fc.constantFrom('u0', 'u1', 'solo'),
          eligible: fc.array(fc.boolean(), { minLength: slots, maxLength: slots }),
          prefers: fc.subarray(['galley', 'safety']),
          avoids: fc.subarray(['galley', 'safety']),
        }),
        { minLength: 1, maxLength: people },
      ),
      units: fc.array(fc.record({ expected: fc.integer({ min: 0, max: 2 }), done: fc.integer({ min: 0, max: 1 }) }), { minLength: 3, maxLength: 3 }),
      holders: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }),
    })
    .map(({ slots: drawn, people: persons, units, holders }) => {
      const rotaSlots: RotaSlot[] = drawn.map((slot, at) => {
        const [start, end] = PARTS[slot.part];
        return {
          id: `s${at}`,
          eventId: `ev-${slot.day}-${slot.part}`,
          dutyTypeId: slot.dutyTypeId,
          date: slot.day,
          window: { start: `${slot.day}T${start}:00.000Z`, end: `${slot.day}T${end}:00.000Z` },
          open: slot.open,
          allowsSecondDuty: slot.allowsSecondDuty,
        };
      });
      const rotaPeople = persons.map((person, at) => ({
        memberId: `m${at}`,
        unitId: person.unit === 'solo' ? `m${at}` : person.unit,
        eligibleSlotIds: rotaSlots.filter((_, s) => person.eligible[s]).map((slot) => slot.id),
        prefers: person.prefers,
        avoids: person.avoids,
      }));
      const unitIds = [...new Set(rotaPeople.map((person) => person.unitId))];
      const held: RotaAssignment[] = [];
      for (const [s, p] of holders) {
        const holder = { slotId: rotaSlots[s % rotaSlots.length]!.id, memberId: rotaPeople[p % rotaPeople.length]!.memberId };
        if (!held.some((h) => h.slotId === holder.slotId && h.memberId === holder.memberId)) held.push(holder);
      }
      return { slots: rotaSlots, people: rotaPeople, units: unitIds.map((id, at) => ({ id, ...units[at % units.length]! })), holders: held };
    });
}

/** Whether fairness `a` is at least as good as `b` on the fill's first three aims: filled, then maxOver, then totalOver. */
export function compareFirstAims(a: RotaFairness, b: RotaFairness): number {
  return b.filled - a.filled || a.maxOver - b.maxOver || a.totalOver - b.totalOver;
}

/** The best fill by brute force: every subset of the (person, eligible slot) pairs, kept when valid. */
export function bruteForceBest(problem: RotaProblem): RotaFairness {
  const pairs = problem.people.flatMap((person) => person.eligibleSlotIds.map((slotId) => ({ slotId, memberId: person.memberId })));
  if (pairs.length > 14) throw new Error('Too many pairs to brute-force');
  let best = rotaFairness(problem, []);
  for (let mask = 1; mask < 1 << pairs.length; mask += 1) {
    const allocation: RotaAllocation = pairs.filter((_, at) => (mask >> at) & 1);
    if (rotaViolations(problem, allocation).length > 0) continue;
    const fairness = rotaFairness(problem, allocation);
    if (compareFirstAims(fairness, best) < 0) best = fairness;
  }
  return best;
}
