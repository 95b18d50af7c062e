/**
 * The embedded search alone, without HTTP: `npx tsx bench/search-index-micro.ts [query ...]`.
 * Loads the benchmark corpus (BENCH_SEARCH_RECORDS, default 10,000) into SqliteSearchIndex on an
 * in-memory database and prints the CPU time of one search() per keystroke of the benchmark's
 * queries (median of BENCH_REPEAT runs, default 7), slowest first, with the p95 over all
 * keystrokes. CPU time, not wall-clock, so that the figures hold on a busy machine.
 */
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { SqliteSearchIndex } from '../adapters/sqlite/sqlite-search-index';
import { SEARCH_INDEXES } from '../core/search/search-hit';
import { BENCH_QUERIES, benchSearchRecords, keystrokeQueries } from './search-corpus';

const repeat = Number(process.env.BENCH_REPEAT ?? '7');
const db = await openSqliteDatabase(':memory:');
const index = new SqliteSearchIndex(db);
const generated = benchSearchRecords(Number(process.env.BENCH_SEARCH_RECORDS ?? '10000'));
for (const name of SEARCH_INDEXES) {
  await index.replaceAll(
    name,
    generated.filter((g) => g.index === name).map((g) => g.record),
  );
}

const queries = process.argv.length > 2 ? process.argv.slice(2) : [...new Set(keystrokeQueries(BENCH_QUERIES))];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
// One round first, so that every page SQLite reads is in its cache, as on a running server.
for (const q of queries) await index.search(q, { hitsPerIndex: 10 });
const timed: { q: string; ms: number; hits: number }[] = [];
for (const q of queries) {
  const runs: number[] = [];
  let hits = 0;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    hits = (await index.search(q, { hitsPerIndex: 10 })).length;
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  timed.push({ q, ms: runs[Math.floor(runs.length / 2)], hits });
}
// CPU per search over every query, in several rounds: the least is the figure least disturbed by
// whatever else the machine runs, the median the one to expect.
const rounds: number[] = [];
for (let r = 0; r < Number(process.env.BENCH_ROUNDS ?? '5'); r++) {
  const c0 = cpuMs();
  for (const q of queries) await index.search(q, { hitsPerIndex: 10 });
  rounds.push((cpuMs() - c0) / queries.length);
}
rounds.sort((a, b) => a - b);
const perQuery = rounds[Math.floor(rounds.length / 2)];
const sorted = [...timed].sort((a, b) => b.ms - a.ms);
for (const t of sorted.slice(0, 15)) console.log(`${t.ms.toFixed(2).padStart(8)} ms  ${String(t.hits).padStart(2)} hits  "${t.q}"`);
const ascending = timed.map((t) => t.ms).sort((a, b) => a - b);
const p95 = ascending[Math.min(ascending.length - 1, Math.ceil(0.95 * ascending.length) - 1)];
console.log(
  `${queries.length} queries: p95 ${p95.toFixed(2)} ms, mean CPU ${perQuery.toFixed(2)} ms per search (median of ${rounds.length} rounds; least ${rounds[0].toFixed(2)} ms)`,
);
await db.destroy();
