/**
 * Summarises a V8 CPU profile written by `BENCH_PROFILE=dir npm run bench`:
 * `npx tsx bench/profile-summary.ts dir/calendar.cpuprofile`. Prints the share of busy time
 * (idle excluded) by package or project file (self time), the hottest functions, and the
 * inclusive time of project functions (what a call into our code costs, callees included).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = new URL('..', import.meta.url).href;

function place(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm:${pkg[1]}`;
  if (url.startsWith(ROOT)) return url.slice(ROOT.length);
  return url || '(native)';
}

function frame(node: ProfileNode): string {
  const f = node.callFrame;
  return `${f.functionName || '(anonymous)'} ${place(f.url)}:${f.lineNumber + 1}`;
}

function top(map: Map<string, number>, total: number, n: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile>');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
const busy = [...self].filter(([id]) => !isIdle(id)).reduce((a, [, t]) => a + t, 0);
const total = [...self.values()].reduce((a, b) => a + b, 0);

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  if (isIdle(id)) continue;
  const node = byId.get(id)!;
  byPlace.set(place(node.callFrame.url), (byPlace.get(place(node.callFrame.url)) ?? 0) + t);
  byFunction.set(frame(node), (byFunction.get(frame(node)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const key = frame(byId.get(cur)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + t);
  }
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((busy / total) * 100).toFixed(0)}% busy. Shares are of busy time.`);
console.log('\nSelf time by package or file:');
console.log(top(byPlace, busy, 20).join('\n'));
console.log('\nHottest functions (self time):');
console.log(top(byFunction, busy, 25).join('\n'));
console.log('\nProject functions, callees included (async callers are not followed):');
const project = new Map([...inclusive].filter(([k]) => / (core|adapters|server|dist)\//.test(k)));
console.log(top(project, busy, 25).join('\n'));
