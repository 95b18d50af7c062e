// The greedy fill other club systems use ("auto-allocate"), kept as the baseline the solver is
// measured against (docs/performance.md, "Filling the rota") and tested to be valid.
import { dutiesConflict, pushTo, rotaCandidates, rotaIndex, unitLoads } from './rota-rules';
import type { RotaAllocation, RotaAssignment, RotaProblem, RotaSlot } from './rota-problem';

/**
 * Slot by slot in time order, each open place goes to the candidate whose unit is furthest under
 * its quota (then the one with fewest duties, then by id) among those still free then. Always
 * valid; not always as full or as fair as the solver's answer.
 */
export function greedyRotaFill(problem: RotaProblem): RotaAllocation {
  const index = rotaIndex(problem);
  const candidates = rotaCandidates(problem, index);
  const loads = unitLoads(problem, []);
  const expected = new Map(problem.units.map((unit) => [unit.id, unit.expected]));
  const mine = new Map<string, RotaSlot[]>();
  const bySlot = new Map<string, string[]>();
  for (const [memberId, slots] of candidates) for (const slot of slots) pushTo(bySlot, slot.id, memberId);
  const slots = [...problem.slots].sort((a, b) => a.window.start.localeCompare(b.window.start) || a.id.localeCompare(b.id));
  const out: RotaAssignment[] = [];
  for (const slot of slots) {
    for (let place = 0; place < slot.open; place += 1) {
      let best: { memberId: string; key: [number, number, string] } | null = null;
      for (const memberId of bySlot.get(slot.id) ?? []) {
        const given = mine.get(memberId) ?? [];
        if (given.some((other) => other.id === slot.id || dutiesConflict(other, slot))) continue;
        const unitId = index.people.get(memberId)!.unitId;
        const key: [number, number, string] = [(loads.get(unitId) ?? 0) - (expected.get(unitId) ?? 0), given.length, memberId];
        if (best === null || key[0] < best.key[0] || (key[0] === best.key[0] && (key[1] < best.key[1] || (key[1] === best.key[1] && key[2] < best.key[2]))))
          best = { memberId, key };
      }
      if (best === null) break;
      const unitId = index.people.get(best.memberId)!.unitId;
      if (loads.has(unitId)) loads.set(unitId, loads.get(unitId)! + 1);
      pushTo(mine, best.memberId, slot);
      out.push({ slotId: slot.id, memberId: best.memberId });
    }
  }
  return out;
}
