/**
 * Load benchmark (`npm run bench`). Starts the real app in a child process on a temporary
 * DATA_DIR (demo data plus 10,000 generated search records), and beside it a bare node:http
 * server answering the same bytes, then drives both with autocannon on 127.0.0.1 only.
 *
 * The servers run in child processes so that the load generator (this process) does not share
 * their event loop: on a 2-core machine, one core serves while the other generates load.
 *
 * Environment: BENCH_DURATION (seconds per measured run, default 10), BENCH_WARMUP (default 2),
 * BENCH_LOG_LEVEL (the app's log level, default warn), BENCH_SEARCH_RECORDS (default 10000),
 * BENCH_ONLY (comma-separated scenario keys: calendar,event,search,searchwords,booking),
 * BENCH_PROFILE (a directory: the app writes a V8 CPU profile of each scenario's measured run
 * there, <scenario>.cpuprofile, for Chrome DevTools or speedscope).
 *
 * Besides wall-clock figures it reports the server's CPU time per request: on a machine shared
 * with other work, wall-clock throughput falls with the load, while CPU per request does not,
 * and 1000 / (CPU ms per request) is the throughput one free core could give.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { AppServerMessage, AppServerRequest } from './app-server';
import type { BaselineMessage, BaselineRequest, CapturedAnswer } from './baseline-server';
import { BENCH_QUERIES, keystrokeQueries } from './search-corpus';

const DURATION = Number(process.env.BENCH_DURATION ?? '10');
const WARMUP = Number(process.env.BENCH_WARMUP ?? '2');
const PROFILE_DIR = process.env.BENCH_PROFILE;
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const MB = 1024 * 1024;

interface Figures {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers with a status other than the expected one. */
  unexpected: number;
  statuses: Record<string, number>;
}

type Request = autocannon.Request & { onResponse?: (status: number, body: string) => void };

interface Scenario {
  key: string;
  title: string;
  connections: number;
  expectedStatus: number;
  requests: () => Request[];
  /** The target, judged on the app's figures. */
  targets: { label: string; check: (f: Figures) => boolean }[];
}

// ---------------------------------------------------------------------------------------------
// Child processes

function startChild<M extends { type: string }>(file: string, env: Record<string, string>, extraExecArgv: string[] = []): { child: ChildProcess; next: (type: string) => Promise<M> } {
  const child = fork(join(HERE, file), [], {
    execArgv: ['--import', 'tsx', ...extraExecArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { type: string; resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  // Messages that arrive before anyone waits for them (the baseline is ready long before the app).
  const early: M[] = [];
  child.on('message', (message: M) => {
    if (message.type === 'error') {
      const error = new Error(`${file}: ${(message as unknown as { message: string }).message}`);
      for (const w of waiting.splice(0)) w.reject(error);
      return;
    }
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(message);
    else early.push(message);
  });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${file} exited with code ${code}`));
  });
  const next = (type: string) =>
    new Promise<M>((resolve, reject) => {
      const i = early.findIndex((m) => m.type === type);
      if (i >= 0) resolve(early.splice(i, 1)[0]);
      else waiting.push({ type, resolve, reject });
    });
  return { child, next };
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function measure(baseUrl: string, scenario: Scenario, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections: scenario.connections,
    duration: seconds,
    requests: scenario.requests(),
    timeout: 10,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
    latencies.push(time);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (stat as { count: number }).count;
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    requests: answered,
    seconds: result.duration,
    rps: answered / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    errors: result.errors + result.timeouts,
    unexpected: answered - (statuses[String(scenario.expectedStatus)] ?? 0),
    statuses,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : 'n/a');
const int = (n: number) => Math.round(n).toLocaleString('en-GB');

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-bench-'));
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM (${(freemem() / 1024 ** 3).toFixed(1)} GB free), Node ${process.version}, ${process.platform}`;
  console.log(`Kestrel Yacht Club members area: load benchmark, ${new Date().toISOString()}`);
  console.log(`Machine: ${machine}`);
  console.log(`Each run: ${WARMUP} s warm-up then ${DURATION} s measured, 127.0.0.1 only. DATA_DIR ${dataDir}\n`);

  const app = startChild<AppServerMessage>('app-server.ts', { BENCH_DATA_DIR: dataDir });
  const baseline = startChild<BaselineMessage>('baseline-server.ts', {});
  const stopAll = () => {
    app.child.send({ type: 'stop' } satisfies AppServerRequest);
    baseline.child.send({ type: 'stop' } satisfies BaselineRequest);
  };
  try {
    const ready = (await app.next('ready')) as Extract<AppServerMessage, { type: 'ready' }>;
    const baselineReady = await baseline.next('ready');
    const appUrl = `http://127.0.0.1:${ready.port}`;
    const baselineUrl = `http://127.0.0.1:${baselineReady.port}`;
    console.log(`App ready in ${(ready.setupMs / 1000).toFixed(1)} s with ${int(ready.searchRecords)} generated search records (plus the demo content).\n`);

    // Capture the app's answers once; the baseline serves exactly these bytes.
    const answers: Record<string, CapturedAnswer> = {};
    const capture = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fetch(appUrl + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      answers[`${method} ${path}`] = { status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body: bytes.toString('base64') };
      return { status: res.status, json: JSON.parse(bytes.toString('utf8')) as Record<string, unknown>, size: bytes.length };
    };

    const calendar = await capture('GET', '/api/events');
    if (calendar.status !== 200) throw new Error(`GET /api/events answered ${calendar.status}`);
    type Listed = { id: string; requiresPayment: boolean; capacity: number | null; bookingOpen: boolean; allowBooking: boolean };
    const listed = calendar.json.events as Listed[];
    const shown = listed.find((e) => e.allowBooking && e.requiresPayment) ?? listed[0];
    const eventPath = `/api/events/${encodeURIComponent(shown.id)}`;
    const eventPage = await capture('GET', eventPath);
    if (eventPage.status !== 200) throw new Error(`GET ${eventPath} answered ${eventPage.status}`);
    const free = listed.find((e) => e.bookingOpen && !e.requiresPayment && e.capacity === null);
    if (!free) throw new Error('No open free event without a capacity to book');
    const wordPaths = BENCH_QUERIES.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
    const keystrokePaths = keystrokeQueries(BENCH_QUERIES).map((q) => `/api/search?q=${encodeURIComponent(q)}`);
    const searchPaths = [...new Set([...wordPaths, ...keystrokePaths])];
    let searchBytes = 0;
    let searchHits = 0;
    for (const path of searchPaths) {
      const answer = await capture('GET', path);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      searchBytes += answer.size;
      searchHits += (answer.json.hits as unknown[]).length;
    }
    const bookingBody = (n: number) => ({
      eventId: free.id,
      firstName: 'Bench',
      lastName: `Sailor ${n}`,
      numberAttending: 1,
      numberOfChildren: 0,
      numberOfSoftDrinks: 0,
      numberOfVegetarian: 0,
      boatName: '',
      email: '',
    });
    const firstBooking = await capture('POST', '/api/bookings', bookingBody(0));
    if (firstBooking.status !== 201) throw new Error(`POST /api/bookings answered ${firstBooking.status}: ${JSON.stringify(firstBooking.json)}`);
    baseline.child.send({ type: 'answers', answers } satisfies BaselineRequest);
    console.log(`Calendar answer ${int(calendar.size)} bytes (${listed.length} events); event page ${int(eventPage.size)} bytes (${shown.id}); ` +
      `search answers ${int(searchBytes / searchPaths.length)} bytes and ${(searchHits / searchPaths.length).toFixed(1)} hits on average over ${searchPaths.length} queries; ` +
      `bookings go to "${free.id}".\n`);

    // Every 201 the load generator sees is checked against the database afterwards.
    const bookingIds: string[] = [];
    let bookingCounter = 1;
    const countBefore = async () => {
      app.child.send({ type: 'verifyBookings', ids: [], eventId: free.id } satisfies AppServerRequest);
      return ((await app.next('verified')) as Extract<AppServerMessage, { type: 'verified' }>).storedForEvent;
    };

    const allScenarios: Scenario[] = [
      {
        key: 'calendar',
        title: 'Calendar list: GET /api/events',
        connections: 50,
        expectedStatus: 200,
        requests: () => [{ method: 'GET', path: '/api/events' }],
        targets: [
          { label: 'calendar >= 3,000 req/s', check: (f) => f.rps >= 3000 },
          { label: 'calendar p99 < 50 ms at 50 connections', check: (f) => f.p99 < 50 },
        ],
      },
      {
        key: 'event',
        title: `Event page data: GET ${eventPath}`,
        connections: 50,
        expectedStatus: 200,
        requests: () => [{ method: 'GET', path: eventPath }],
        targets: [],
      },
      {
        key: 'search',
        title: `Search as members type: GET /api/search?q=... over ${int(ready.searchRecords)} generated records, every keystroke of ${BENCH_QUERIES.length} queries in turn (${keystrokePaths.length} requests a round), 1 connection`,
        connections: 1,
        expectedStatus: 200,
        requests: () => keystrokePaths.map((path) => ({ method: 'GET', path })),
        targets: [{ label: `search p95 < 10 ms over ${int(ready.searchRecords)} records (every keystroke)`, check: (f) => f.p95 < 10 }],
      },
      {
        key: 'searchwords',
        title: `Search for whole words only: the ${BENCH_QUERIES.length} complete queries in turn, 1 connection (no target)`,
        connections: 1,
        expectedStatus: 200,
        requests: () => wordPaths.map((path) => ({ method: 'GET', path })),
        targets: [],
      },
      {
        key: 'booking',
        title: `Booking submission: POST /api/bookings (free event, no capacity), 50 connections`,
        connections: 50,
        expectedStatus: 201,
        requests: () => [
          {
            method: 'POST',
            path: '/api/bookings',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(bookingBody(bookingCounter++)) }),
            onResponse: (status: number, body: string) => {
              if (status === 201) bookingIds.push((JSON.parse(body) as { bookingId: string }).bookingId);
            },
          },
        ],
        targets: [{ label: 'booking >= 1,000 req/s', check: (f) => f.rps >= 1000 }],
      },
    ];
    const scenarios = allScenarios.filter((s) => !ONLY || ONLY.includes(s.key));

    const appCpuMicros = async () => {
      app.child.send({ type: 'cpu' } satisfies AppServerRequest);
      return ((await app.next('cpu')) as Extract<AppServerMessage, { type: 'cpu' }>).micros;
    };
    const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');
    app.child.send({ type: 'stats' } satisfies AppServerRequest);
    const idle = (await app.next('stats')) as Extract<AppServerMessage, { type: 'stats' }>;
    console.log(`App RSS after setup, before load: ${(idle.rss / MB).toFixed(0)} MB (heap used ${(idle.heapUsed / MB).toFixed(0)} MB). Machine load average (1/5/15 min): ${load()}\n`);

    const results: { scenario: Scenario; app: Figures; base: Figures; cpuMsPerRequest: number; loadAvg: string }[] = [];
    const verdicts: { label: string; pass: boolean; detail: string }[] = [];
    app.child.send({ type: 'startLoadWindow' } satisfies AppServerRequest);

    for (const scenario of scenarios) {
      console.log(`== ${scenario.title}`);
      const before = scenario.key === 'booking' ? await countBefore() : 0;
      if (WARMUP > 0) await measure(appUrl, scenario, WARMUP);
      if (PROFILE_DIR) app.child.send({ type: 'startProfile' } satisfies AppServerRequest);
      const cpuBefore = await appCpuMicros();
      const appFigures = await measure(appUrl, scenario, DURATION);
      const cpuMsPerRequest = (await appCpuMicros() - cpuBefore) / 1000 / Math.max(1, appFigures.requests);
      if (PROFILE_DIR) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        app.child.send({ type: 'stopProfile', file: resolve(PROFILE_DIR, `${scenario.key}.cpuprofile`) } satisfies AppServerRequest);
        const profiled = (await app.next('profiled')) as Extract<AppServerMessage, { type: 'profiled' }>;
        console.log(`   CPU profile: ${profiled.file}`);
      }
      const loadAvg = load();
      // The baseline answers a booking with the captured 201 and stores nothing.
      const idsBeforeBaseline = bookingIds.length;
      if (WARMUP > 0) await measure(baselineUrl, scenario, WARMUP);
      const baseFigures = await measure(baselineUrl, scenario, DURATION);
      bookingIds.length = idsBeforeBaseline;
      results.push({ scenario, app: appFigures, base: baseFigures, cpuMsPerRequest, loadAvg });
      for (const [who, f] of [['app', appFigures], ['baseline', baseFigures]] as const) {
        console.log(
          `   ${who.padEnd(8)} ${int(f.rps).padStart(7)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  ` +
            `errors ${f.errors}  unexpected status ${f.unexpected}  (${int(f.requests)} answers: ${JSON.stringify(f.statuses)})`,
        );
      }
      console.log(`   ratio app / baseline: ${(appFigures.rps / baseFigures.rps).toFixed(2)} of the throughput, ${(appFigures.p99 / baseFigures.p99).toFixed(1)}x the p99`);
      console.log(`   app CPU ${cpuMsPerRequest.toFixed(3)} ms per request (one free core: about ${int(1000 / cpuMsPerRequest)} req/s); machine load average ${loadAvg}\n`);
      for (const t of scenario.targets) {
        verdicts.push({ label: t.label, pass: t.check(appFigures) && appFigures.errors === 0 && appFigures.unexpected === 0, detail: `${int(appFigures.rps)} req/s, p95 ${ms(appFigures.p95)}, p99 ${ms(appFigures.p99)}, errors ${appFigures.errors + appFigures.unexpected}` });
      }
      if (scenario.key === 'search') {
        // Which keystrokes cost the most: the median of five sequential requests for each.
        const timed: { q: string; median: number }[] = [];
        for (const path of [...new Set(keystrokePaths)]) {
          const times: number[] = [];
          for (let i = 0; i < 5; i++) {
            const t0 = performance.now();
            await (await fetch(appUrl + path)).arrayBuffer();
            times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          timed.push({ q: decodeURIComponent(path.slice('/api/search?q='.length)), median: times[2] });
        }
        timed.sort((a, b) => b.median - a.median);
        const over = timed.filter((t) => t.median >= 10).length;
        console.log(`   slowest keystrokes (median of 5, sequential): ${timed.slice(0, 8).map((t) => `"${t.q}" ${ms(t.median)}`).join(', ')}`);
        console.log(`   ${over} of ${timed.length} distinct keystrokes take 10 ms or more\n`);
      }
      if (scenario.key === 'booking') {
        app.child.send({ type: 'verifyBookings', ids: bookingIds, eventId: free.id } satisfies AppServerRequest);
        const v = (await app.next('verified')) as Extract<AppServerMessage, { type: 'verified' }>;
        const added = v.storedForEvent - before;
        // When a run stops, requests still in flight may be stored while their answers are never
        // read: up to one per connection per run (warm-up and measured). Those are extra rows,
        // not lost bookings; a lost booking is a 201 whose id is not stored.
        const inFlightAllowance = scenario.connections * (WARMUP > 0 ? 2 : 1);
        const ok = v.stored === v.requested && added >= bookingIds.length && added - bookingIds.length <= inFlightAllowance;
        console.log(`   bookings: ${int(bookingIds.length)} answered 201 (warm-up included), ${int(v.stored)} of them found stored; ` +
          `${int(added)} rows added to the event (${int(added - bookingIds.length)} from requests in flight when the load stopped)` +
          (v.missing.length ? `; missing e.g. ${v.missing.join(', ')}` : '') + '\n');
        verdicts.push({ label: 'booking: every 201 stored (none lost)', pass: ok, detail: `${int(v.stored)} / ${int(v.requested)} stored` });
      }
    }

    app.child.send({ type: 'stats' } satisfies AppServerRequest);
    const stats = (await app.next('stats')) as Extract<AppServerMessage, { type: 'stats' }>;
    console.log(`Server memory: peak RSS ${(stats.peakRss / MB).toFixed(0)} MB overall (setup included), ${(stats.peakRssDuringLoad / MB).toFixed(0)} MB peak under load, ${(stats.rss / MB).toFixed(0)} MB at the end (heap used ${(stats.heapUsed / MB).toFixed(0)} MB)\n`);
    verdicts.push({ label: 'server memory < 200 MB', pass: stats.peakRss < 200 * MB, detail: `peak RSS ${(stats.peakRss / MB).toFixed(0)} MB` });

    console.log('Summary (markdown):\n');
    console.log(row(['scenario', 'connections', 'app req/s', 'app p50', 'app p95', 'app p99', 'app errors', 'app CPU ms/req', 'baseline req/s', 'baseline p50', 'baseline p95', 'baseline p99', 'app / baseline req/s', 'load avg']));
    console.log(row(Array(14).fill('---')));
    for (const r of results) {
      console.log(row([
        r.scenario.key, String(r.scenario.connections),
        int(r.app.rps), ms(r.app.p50), ms(r.app.p95), ms(r.app.p99), String(r.app.errors + r.app.unexpected), r.cpuMsPerRequest.toFixed(3),
        int(r.base.rps), ms(r.base.p50), ms(r.base.p95), ms(r.base.p99),
        (r.app.rps / r.base.rps).toFixed(2), r.loadAvg,
      ]));
    }
    console.log('\nTargets:');
    for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.label}  (${v.detail})`);
    process.exitCode = verdicts.every((v) => v.pass) ? 0 : 1;
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
