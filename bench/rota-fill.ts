/**
 * Filling a season's rota (docs/duties.md, "Filling the rota"; docs/performance.md): a generated
 * season of `BENCH_ROTA_EVENTS` events (default 30) with six duties each for `BENCH_ROTA_MEMBERS`
 * members (default 300), bench/rota-season.ts, filled by the greedy pass and by the HiGHS solver
 * in this process. Prints each one's time (wall and this process's CPU: on a machine shared with
 * other work the CPU time is what one free core would take) and fairness figures side by side, and
 * PASS or FAIL for the target: the solver's fill under 2 s. The WebAssembly is loaded once, before
 * the measured runs, as the server does at its first fill. Part of `npm run bench`.
 *
 * Environment: BENCH_ROTA_EVENTS, BENCH_ROTA_MEMBERS, BENCH_ROTA_RUNS (measured fills of each, default 3).
 */
import { loadavg } from 'node:os';
import { HighsRotaSolver } from '../adapters/highs/highs-rota-solver';
import { greedyRotaFill } from '../core/duty-rosters/rota-greedy';
import type { RotaAllocation, RotaProblem } from '../core/duty-rosters/rota-problem';
import { rotaFairness, rotaViolations } from '../core/duty-rosters/rota-rules';
import { rotaSeason } from './rota-season';

const EVENTS = Number(process.env.BENCH_ROTA_EVENTS ?? '30');
const MEMBERS = Number(process.env.BENCH_ROTA_MEMBERS ?? '300');
const RUNS = Number(process.env.BENCH_ROTA_RUNS ?? '3');
const TARGET_MS = 2000;

interface Timed {
  allocation: RotaAllocation;
  wallMs: number;
  cpuMs: number;
}

async function timed(fill: () => RotaAllocation | Promise<RotaAllocation>): Promise<Timed[]> {
  const runs: Timed[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const allocation = await fill();
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    runs.push({ allocation, wallMs, cpuMs: (used.user + used.system) / 1000 });
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function report(name: string, problem: RotaProblem, runs: Timed[]): { wallMs: number; cpuMs: number; maxOver: number; filled: number } {
  const allocation = runs[0]!.allocation;
  const broken = rotaViolations(problem, allocation);
  if (broken.length > 0) throw new Error(`${name} answered an invalid fill: ${broken[0]}`);
  const fairness = rotaFairness(problem, allocation);
  const wallMs = median(runs.map((run) => run.wallMs));
  const cpuMs = median(runs.map((run) => run.cpuMs));
  console.log(
    `  ${name.padEnd(7)} ${wallMs.toFixed(0).padStart(6)} ms wall ${cpuMs.toFixed(0).padStart(6)} ms CPU | filled ${fairness.filled}, max over ${fairness.maxOver}, total over ${fairness.totalOver}, units under ${fairness.unitsUnder}, wishes kept ${fairness.wishesKept} broken ${fairness.wishesBroken}, crowding ${fairness.crowding}`,
  );
  return { wallMs, cpuMs, maxOver: fairness.maxOver, filled: fairness.filled };
}

async function main(): Promise<void> {
  const problem = rotaSeason({ events: EVENTS, members: MEMBERS });
  const places = problem.slots.reduce((total, slot) => total + slot.open, 0);
  console.log(
    `\nRota fill: ${EVENTS} events x 6 duties (${problem.slots.length} slots, ${places} open places, ${problem.holders.length} held), ${MEMBERS} members in ${problem.units.length} quota units; load ${loadavg()[0]!.toFixed(1)}`,
  );
  const solver = new HighsRotaSolver();
  const loadStarted = performance.now();
  await solver.fill({ slots: [], people: [], units: [], holders: [] });
  await solver.fill(rotaSeason({ events: 1, members: 6 }));
  console.log(`  HiGHS WebAssembly loaded in ${(performance.now() - loadStarted).toFixed(0)} ms (once per process)`);
  const greedy = report('greedy', problem, await timed(() => greedyRotaFill(problem)));
  const highs = report('HiGHS', problem, await timed(() => solver.fill(problem)));
  console.log(
    `  HiGHS / greedy: ${(highs.wallMs / greedy.wallMs).toFixed(1)}x the time; filled ${highs.filled} against ${greedy.filled}; max over ${highs.maxOver} against ${greedy.maxOver}`,
  );
  const pass = highs.wallMs < TARGET_MS || highs.cpuMs < TARGET_MS;
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'}: the solver's fill under ${TARGET_MS} ms (${highs.wallMs.toFixed(0)} ms wall, ${highs.cpuMs.toFixed(0)} ms CPU), no less full and no less fair than greedy: ${highs.filled >= greedy.filled && (highs.filled > greedy.filled || highs.maxOver <= greedy.maxOver) ? 'yes' : 'NO'}`,
  );
  if (!pass) process.exitCode = 1;
}

await main();
