// The rota fill as a mixed-integer programme for HiGHS (ADR 0069, docs/duties.md "Filling the rota").
// Thin on purpose: the rules (who may take what, what clashes, what is fair) are core's
// (core/duty-rosters/rota-rules.ts); this file writes them as CPLEX LP text, solves, and reads back
// an allocation that it checks with the same rules before answering.
import type { Highs } from 'highs';
import { CROWDED_DAYS, pushTo, rotaCandidates, rotaIndex, rotaViolations, seasonDates, unitLoads } from '../../core/duty-rosters/rota-rules';
import type { RotaAllocation, RotaProblem, RotaSlot } from '../../core/duty-rosters/rota-problem';
import type { RotaSolver } from '../../core/duty-rosters/rota-solver.port';
import { addDaysToDate } from '../../core/shared/london-time';
import { onFirstUse } from '../first-use';

/** The most a fill searches before it takes the best answer found (ADR 0069). */
export const TIME_LIMIT_SECONDS = 20;

// One WebAssembly instance per process: compiling it takes far longer than a solve. The library
// loads on the first fill, not at start (ADR 0078).
const highs = onFirstUse((): Promise<Highs> => import('highs').then((loaded) => loaded.default()));

interface Variable {
  name: string;
  memberId: string;
  slot: RotaSlot;
}

/**
 * A linear expression as LP text: terms `coef name`, wrapped so no line grows long. A variable's
 * terms are added up first: the LP reader keeps only the last of a repeated variable.
 */
function sum(terms: readonly (readonly [number, string])[]): string {
  const merged = new Map<string, number>();
  for (const [coef, name] of terms) merged.set(name, (merged.get(name) ?? 0) + coef);
  const kept = [...merged].filter(([, coef]) => coef !== 0);
  if (kept.length === 0) return '0 zero';
  const parts = kept.map(([name, coef], at) => `${coef < 0 ? '-' : at === 0 ? '' : '+'} ${Math.abs(coef)} ${name}`);
  const lines: string[] = [];
  for (let at = 0; at < parts.length; at += 8) lines.push(parts.slice(at, at + 8).join(' '));
  return lines.join('\n ');
}

/**
 * The model's variables and constraints (LP text), shared by the stages:
 * x (one per person and candidate slot, binary), o (a unit's duties over quota), m (the largest o),
 * c (a person's duties beyond one in the CROWDED_DAYS from a season date).
 */
function buildModel(problem: RotaProblem) {
  const index = rotaIndex(problem);
  const candidates = rotaCandidates(problem, index);
  const variables: Variable[] = [];
  const byPerson = new Map<string, Variable[]>();
  let p = 0;
  for (const [memberId, slots] of candidates) {
    const mine = slots.map((slot, s) => ({ name: `x${p}_${s}`, memberId, slot }));
    variables.push(...mine);
    byPerson.set(memberId, mine);
    p += 1;
  }
  const rows: string[] = [];
  const row = (terms: (readonly [number, string])[], sense: string, rhs: number) => {
    rows.push(` r${rows.length}: ${sum(terms)} ${sense} ${rhs}`);
  };
  // Places: a slot takes at most its open places.
  const bySlot = new Map<string, Variable[]>();
  for (const v of variables) pushTo(bySlot, v.slot.id, v);
  for (const [slotId, vs] of bySlot) {
    const open = index.slots.get(slotId)!.open;
    if (vs.length > open)
      row(
        vs.map((v) => [1, v.name] as const),
        '<=',
        open,
      );
  }
  // Clashes, as cliques of one person's candidates: on a day, the slots that do not allow a second
  // duty with each that does; and all slots running at each start time (intervals overlap exactly
  // when one contains the other's start).
  for (const mine of byPerson.values()) {
    const cliques = new Set<string>();
    const add = (vs: Variable[]) => {
      if (vs.length < 2) return;
      const key = vs
        .map((v) => v.name)
        .sort()
        .join(' ');
      if (cliques.has(key)) return;
      cliques.add(key);
      row(
        vs.map((v) => [1, v.name] as const),
        '<=',
        1,
      );
    };
    for (const date of new Set(mine.map((v) => v.slot.date))) {
      const that = mine.filter((v) => v.slot.date === date);
      const single = that.filter((v) => !v.slot.allowsSecondDuty);
      const second = that.filter((v) => v.slot.allowsSecondDuty);
      if (second.length === 0) add(single);
      for (const v of second) add([...single, v]);
    }
    for (const start of new Set(mine.map((v) => v.slot.window.start))) {
      const at = Date.parse(start);
      add(mine.filter((v) => Date.parse(v.slot.window.start) <= at && at < Date.parse(v.slot.window.end)));
    }
  }
  // Quotas: o_u >= load_u - expected_u, o_u >= 0; m >= every o_u (and every fixed over).
  const loads = unitLoads(problem, []);
  const unitIndex = new Map(problem.units.map((unit, u) => [unit.id, u]));
  const byUnit = new Map<string, Variable[]>();
  for (const v of variables) {
    const unitId = index.people.get(v.memberId)!.unitId;
    if (unitIndex.has(unitId)) pushTo(byUnit, unitId, v);
  }
  const overs: string[] = [];
  let fixedOver = 0;
  for (const unit of problem.units) {
    const base = loads.get(unit.id)! - unit.expected;
    const vs = byUnit.get(unit.id);
    if (vs === undefined) {
      fixedOver = Math.max(fixedOver, base);
      continue;
    }
    const o = `o${unitIndex.get(unit.id)}`;
    overs.push(o);
    row([[1, o], ...vs.map((v) => [-1, v.name] as const)], '>=', base);
    row(
      [
        [1, 'm'],
        [-1, o],
      ],
      '>=',
      0,
    );
  }
  // Crowding: e >= (a person's duties in the CROWDED_DAYS from a season date) - 1, e >= 0.
  const crowd: string[] = [];
  const dates = seasonDates(problem);
  const weeks = dates.map((date) => ({ date, last: addDaysToDate(date, CROWDED_DAYS - 1) }));
  let q = 0;
  for (const person of problem.people) {
    const mine = byPerson.get(person.memberId) ?? [];
    const held = index.held.get(person.memberId) ?? [];
    for (const { date, last } of weeks) {
      const inside = (slot: RotaSlot) => slot.date >= date && slot.date <= last;
      const heldThere = held.filter(inside).length;
      const vs = mine.filter((v) => inside(v.slot));
      // Without a second date or a slot allowing a second duty, the day's clash rows already keep
      // this count at one at most: no row needed.
      const days = new Set([...held.filter(inside), ...vs.map((v) => v.slot)].map((slot) => slot.date));
      if (vs.length === 0 || heldThere + vs.length < 2 || (days.size < 2 && !vs.some((v) => v.slot.allowsSecondDuty))) continue;
      const e = `c${q}`;
      q += 1;
      crowd.push(e);
      row([[1, e], ...vs.map((v) => [-1, v.name] as const)], '>=', heldThere - 1);
    }
  }
  const wishes = variables.flatMap((v) => {
    const person = index.people.get(v.memberId)!;
    const weight = (person.avoids.includes(v.slot.dutyTypeId) ? 1 : 0) - (person.prefers.includes(v.slot.dutyTypeId) ? 1 : 0);
    return weight === 0 ? [] : [[weight, v.name] as const];
  });
  const bounds = [` m >= ${Math.max(0, fixedOver)}`, ' zero = 0', ...overs.map((o) => ` ${o} >= 0`), ...crowd.map((e) => ` ${e} >= 0`)];
  const lp = (objective: string, extra: string[]) =>
    [
      'Minimize',
      ` obj: ${objective}`,
      'Subject To',
      ...rows,
      ...extra.map((text, at) => ` s${at}: ${text}`),
      'Bounds',
      ...bounds,
      'Binaries',
      ...variables.map((v) => ` ${v.name}`),
      'End',
    ].join('\n');
  const busiestWeek = Math.max(0, ...weeks.map(({ date, last }) => dates.filter((other) => other >= date && other <= last).length));
  return { variables, overs, crowd, wishes, lp, busiestWeek };
}

export class HighsRotaSolver implements RotaSolver {
  async fill(problem: RotaProblem): Promise<RotaAllocation> {
    const model = buildModel(problem);
    if (model.variables.length === 0) return [];
    const solver = await highs();
    const x = model.variables.map((v) => [1, v.name] as const);
    const places = Math.min(
      model.variables.length,
      problem.slots.reduce((total, slot) => total + Math.max(0, slot.open), 0),
    );
    // One solve, lexicographic through weights (ADR 0069): most places filled, then the least
    // largest over quota, then the least total over quota, then wishes and crowding. A fill moves
    // each quota term by at most `places`, and the wishes and crowding together by at most `soft`.
    // Each step of the first three aims weighs `step` > 2 * soft, so a gap of `soft` between the
    // answer and the bound proves those three optimal while the last two stop being chased.
    const soft = places * (2 + model.busiestWeek);
    const step = 2 * (soft + 1);
    const wMax = (places + 1) * step;
    const wFill = (places + 1) * wMax;
    const objective = sum([
      ...x.map(([, n]) => [-wFill, n] as const),
      [wMax, 'm'],
      ...model.overs.map((o) => [step, o] as const),
      ...model.wishes,
      ...model.crowd.map((c) => [1, c] as const),
    ]);
    const allocation = this.run(solver, model.lp(objective, []), soft + 0.5, model);
    const broken = rotaViolations(problem, allocation);
    if (broken.length > 0) throw new Error(`The rota solver answered an invalid fill: ${broken[0]}`);
    return allocation;
  }

  private run(solver: Highs, lp: string, gap: number, model: ReturnType<typeof buildModel>): RotaAllocation {
    // The time limit keeps a request from blocking for long on a season far short of people
    // (docs/duties.md): the best fill found by then is still valid, only maybe not the fairest.
    const result = solver.solve(lp, { output_flag: false, mip_rel_gap: 0, mip_abs_gap: gap, random_seed: 1, time_limit: TIME_LIMIT_SECONDS });
    const found = result.Status === 'Optimal' || (result.Status === 'Time limit reached' && Number.isFinite(result.ObjectiveValue));
    if (!found) throw new Error(`The rota solver ended: ${result.Status}`);
    return model.variables.filter((v) => (result.Columns[v.name]?.Primal ?? 0) > 0.5).map((v) => ({ slotId: v.slot.id, memberId: v.memberId }));
  }
}
