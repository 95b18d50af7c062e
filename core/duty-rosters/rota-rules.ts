// The rules of a fill of the rota (docs/duties.md, "Filling the rota"): which new assignments are
// allowed, what breaks a proposal, how fair it is, and why each person was proposed. The solver
// adapters and the greedy baseline all build on these, so "valid" and "fair" mean one thing.
import { windowsOverlap } from './duty-roster';
import { addDaysToDate } from '../shared/london-time';
import type { RotaAllocation, RotaAssignment, RotaPerson, RotaProblem, RotaSlot } from './rota-problem';

/** How many days after a duty a next one still makes a person's weeks crowded (the duty's day and the 6 after). */
export const CROWDED_DAYS = 7;

/**
 * Whether one person may have both duties: they do not overlap in time, and on one London day
 * both slots allow a second duty.
 */
export function dutiesConflict(a: Pick<RotaSlot, 'date' | 'window' | 'allowsSecondDuty'>, b: Pick<RotaSlot, 'date' | 'window' | 'allowsSecondDuty'>): boolean {
  if (windowsOverlap(a.window, b.window)) return true;
  return a.date === b.date && !(a.allowsSecondDuty && b.allowsSecondDuty);
}

/** Adds `value` to the list `map` keeps under `key`. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The problem's lookups, built once per call. */
export interface RotaIndex {
  slots: Map<string, RotaSlot>;
  people: Map<string, RotaPerson>;
  /** Each member's slots held now (only those of the problem). */
  held: Map<string, RotaSlot[]>;
}

export function rotaIndex(problem: RotaProblem): RotaIndex {
  const slots = new Map(problem.slots.map((slot) => [slot.id, slot]));
  const people = new Map(problem.people.map((person) => [person.memberId, person]));
  const held = new Map<string, RotaSlot[]>();
  for (const holder of problem.holders) {
    const slot = slots.get(holder.slotId);
    if (slot === undefined) continue;
    pushTo(held, holder.memberId, slot);
  }
  return { slots, people, held };
}

/**
 * The slots each person may be given on their own: eligible, with a place open, not one they hold,
 * and free of their held duties (no overlap, no second duty that day unless both slots allow it).
 * A fill may still not give a person two of these that conflict with each other.
 */
export function rotaCandidates(problem: RotaProblem, index: RotaIndex = rotaIndex(problem)): Map<string, RotaSlot[]> {
  const out = new Map<string, RotaSlot[]>();
  for (const person of problem.people) {
    const held = index.held.get(person.memberId) ?? [];
    const mine: RotaSlot[] = [];
    for (const id of new Set(person.eligibleSlotIds)) {
      const slot = index.slots.get(id);
      if (slot === undefined || slot.open <= 0) continue;
      if (held.some((duty) => duty.id === slot.id || dutiesConflict(duty, slot))) continue;
      mine.push(slot);
    }
    if (mine.length > 0) out.set(person.memberId, mine);
  }
  return out;
}

/**
 * Every rule a proposal breaks, one line each (empty: valid): an unknown slot or member, a member
 * not eligible for the slot, a slot given more people than its open places, a member given a slot
 * twice or one they hold, and a member given two duties that conflict (dutiesConflict), with each
 * other or with a duty they hold.
 */
export function rotaViolations(problem: RotaProblem, allocation: RotaAllocation): string[] {
  const index = rotaIndex(problem);
  const problems: string[] = [];
  const taken = new Map<string, number>();
  const given = new Map<string, RotaSlot[]>();
  for (const { slotId, memberId } of allocation) {
    const slot = index.slots.get(slotId);
    const person = index.people.get(memberId);
    if (slot === undefined) {
      problems.push(`${slotId} is not a slot of this season`);
      continue;
    }
    if (person === undefined) {
      problems.push(`${memberId} is not someone this season's rota may use`);
      continue;
    }
    if (!person.eligibleSlotIds.includes(slotId)) problems.push(`${memberId} is not eligible for ${slotId}`);
    taken.set(slotId, (taken.get(slotId) ?? 0) + 1);
    const mine = [...(index.held.get(memberId) ?? []), ...(given.get(memberId) ?? [])];
    const held = index.held.get(memberId) ?? [];
    const again = mine.find((other) => other.id === slotId);
    if (again !== undefined) problems.push(`${memberId} ${held.includes(again) ? 'already holds' : 'is given twice'} ${slotId}`);
    else for (const other of mine) if (dutiesConflict(other, slot)) problems.push(`${memberId} would have ${other.id} and ${slotId}, which clash`);
    pushTo(given, memberId, slot);
  }
  for (const [slotId, count] of taken) {
    const open = index.slots.get(slotId)!.open;
    if (count > open) problems.push(`${slotId} is given ${count} people for ${open} open ${open === 1 ? 'place' : 'places'}`);
  }
  return problems;
}

/** How fair a proposal is (docs/duties.md, "What fair means"). */
export interface RotaFairness {
  /** Places the proposal fills. */
  filled: number;
  /** The most any quota unit ends over its expected duties. */
  maxOver: number;
  /** The duties over quota, summed over the units. */
  totalOver: number;
  /** Units that end with fewer duties than expected. */
  unitsUnder: number;
  /** New duties of a type the person wishes to do, and of a type they wish not to do. */
  wishesKept: number;
  wishesBroken: number;
  /** For each person and each date of the season's slots, the duties beyond one in the CROWDED_DAYS from that date, summed. */
  crowding: number;
}

/** Each unit's duties in the season once the proposal is made (done, held and new). */
export function unitLoads(problem: RotaProblem, allocation: RotaAllocation): Map<string, number> {
  const unitOf = new Map(problem.people.map((person) => [person.memberId, person.unitId]));
  const loads = new Map(problem.units.map((unit) => [unit.id, unit.done]));
  for (const { memberId } of [...problem.holders, ...allocation]) {
    const unit = unitOf.get(memberId);
    if (unit !== undefined && loads.has(unit)) loads.set(unit, loads.get(unit)! + 1);
  }
  return loads;
}

/** The season's distinct slot dates, earliest first. */
export function seasonDates(problem: RotaProblem): string[] {
  return [...new Set(problem.slots.map((slot) => slot.date))].sort();
}

export function rotaFairness(problem: RotaProblem, allocation: RotaAllocation): RotaFairness {
  const index = rotaIndex(problem);
  const loads = unitLoads(problem, allocation);
  let maxOver = 0;
  let totalOver = 0;
  let unitsUnder = 0;
  for (const unit of problem.units) {
    const load = loads.get(unit.id)!;
    const over = Math.max(0, load - unit.expected);
    maxOver = Math.max(maxOver, over);
    totalOver += over;
    if (load < unit.expected) unitsUnder += 1;
  }
  let wishesKept = 0;
  let wishesBroken = 0;
  for (const { slotId, memberId } of allocation) {
    const type = index.slots.get(slotId)?.dutyTypeId;
    const person = index.people.get(memberId);
    if (type === undefined || person === undefined) continue;
    if (person.prefers.includes(type)) wishesKept += 1;
    if (person.avoids.includes(type)) wishesBroken += 1;
  }
  const datesOf = new Map<string, string[]>();
  for (const { slotId, memberId } of [...problem.holders, ...allocation]) {
    const slot = index.slots.get(slotId);
    if (slot !== undefined) pushTo(datesOf, memberId, slot.date);
  }
  const dates = seasonDates(problem);
  let crowding = 0;
  for (const mine of datesOf.values()) {
    for (const date of dates) {
      const last = addDaysToDate(date, CROWDED_DAYS - 1);
      const count = mine.filter((day) => day >= date && day <= last).length;
      crowding += Math.max(0, count - 1);
    }
  }
  return { filled: allocation.length, maxOver, totalOver, unitsUnder, wishesKept, wishesBroken, crowding };
}

/** Why a person was proposed for a slot, for the admin's preview. */
export interface RotaReason extends RotaAssignment {
  /** This duty is the unit's `count`th of the season (done, held and proposed, in date order) of `expected`. */
  count: number;
  expected: number;
  /** The quota unit the duty counts towards (the household's or the member's own). */
  unitId: string;
  prefers: boolean;
  avoids: boolean;
  /** The person has another duty that same day (both slots allow it). */
  secondThatDay: boolean;
}

/** The reason for each proposed assignment, in the allocation's order. */
export function rotaReasons(problem: RotaProblem, allocation: RotaAllocation): RotaReason[] {
  const index = rotaIndex(problem);
  const expected = new Map(problem.units.map((unit) => [unit.id, unit]));
  const ordered = allocation
    .map((assignment, at) => ({ assignment, at, slot: index.slots.get(assignment.slotId) }))
    .sort((a, b) => (a.slot?.window.start ?? '').localeCompare(b.slot?.window.start ?? '') || a.at - b.at);
  const base = unitLoads(problem, []);
  const counted = new Map<string, number>();
  const out: RotaReason[] = new Array<RotaReason>(allocation.length);
  for (const { assignment, at, slot } of ordered) {
    const person = index.people.get(assignment.memberId);
    const unitId = person?.unitId ?? assignment.memberId;
    const count = (counted.get(unitId) ?? base.get(unitId) ?? 0) + 1;
    counted.set(unitId, count);
    const sameDay = [
      ...(index.held.get(assignment.memberId) ?? []),
      ...allocation.filter((other) => other !== assignment && other.memberId === assignment.memberId).map((other) => index.slots.get(other.slotId)),
    ].some((other) => other !== undefined && slot !== undefined && other.date === slot.date);
    out[at] = {
      ...assignment,
      unitId,
      count,
      expected: expected.get(unitId)?.expected ?? 0,
      prefers: slot !== undefined && (person?.prefers.includes(slot.dutyTypeId) ?? false),
      avoids: slot !== undefined && (person?.avoids.includes(slot.dutyTypeId) ?? false),
      secondThatDay: sameDay,
    };
  }
  return out;
}

/** Assignments in a stable order (slot, then member): two fills are compared and shown alike. */
export function sortedAllocation(allocation: RotaAllocation): RotaAssignment[] {
  return [...allocation].sort((a, b) => a.slotId.localeCompare(b.slotId) || a.memberId.localeCompare(b.memberId));
}
