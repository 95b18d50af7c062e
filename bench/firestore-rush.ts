/**
 * The booking rush, part of `npm run bench:firestore` (docs/performance.md, "Firestore: the
 * booking rush"): 300 members book one free
 * event of 200 places at the same moment, through 2 and then 3 server instances (separate
 * processes: the production bundle, dist/server.mjs, as `npm start` runs it) on one Firestore
 * emulator, and through one server on SQLite (the embedded default, single writer) in the same
 * run as the reference. Each booking comes from an address of its own (X-Forwarded-For from
 * 127.0.0.1, as behind the club's proxy), so the per-address limits keep their defaults.
 *
 * Printed per run: the answers by status (and the refusals' message), latency p50/p95/p99/max
 * from the moment each request is sent, the wall time of the whole rush, reads and writes per
 * booking request (counted in every server process by bench/firestore-count-probe.mjs, as
 * Firestore bills them), the round trips to Firestore's service per booking request, the CPU per
 * booking of the servers, of the emulator and of the bench itself (which sends the bookings with
 * node:http as a browser's fetch would: ADR 59), and what was stored: bookings, places taken
 * against the capacity, and whether the places ledger equals the bookings (the check of
 * `npm run check-places`).
 *
 * Environment: BENCH_RUSH_BOOKINGS (default 300), BENCH_RUSH_CAPACITY (default 200),
 * BENCH_RUSH_INSTANCES (Firestore instance counts, default 2,3), BENCH_RUSH_ROUNDS (default 1:
 * each configuration once, in turns), BENCH_RUSH_WARM_ROUNDS (default 6: rounds run first and not
 * counted, while the emulator's Java server compiles its hot code: ADR 56),
 * BENCH_RUSH_WARM_UP_WAVES (default 3: each server's warm-up bookings before its rush),
 * BENCH_RUSH_REUSE_CONNECTIONS (1: the rush's bookings go on the warm-up's kept-alive
 * connections; default: each on a connection of its own, opened at the rush),
 * BENCH_RUSH_SPREAD_MS (default 0: the bookings sent over so many ms, evenly). Nothing leaves
 * 127.0.0.1.
 */
import type { ChildProcess } from 'node:child_process';
import type { Agent } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Firestore } from 'firebase-admin/firestore';
import { FirestoreBookingRepository } from '../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../adapters/firestore/firestore-event-repository';
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { SqliteBookingRepository } from '../adapters/sqlite/sqlite-booking-repository';
import { SqliteEventRepository } from '../adapters/sqlite/sqlite-event-repository';
import { placesTaken } from '../core/bookings/booking-state';
import type { BookingRepository } from '../core/bookings/booking-repository.port';
import type { EventRepository } from '../core/events/event-repository.port';
import { anEvent, PLAIN_FREE_EVENT } from '../test/support/entities';
import {
  benchBookingForm,
  benchServerEnv,
  DATABASE_FILE,
  keptAliveConnections,
  memberAddress,
  percentile,
  postJson,
  startFlags,
  startServerBundle,
} from './bench-helpers';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const RUSH_BOOKINGS = Number(process.env.BENCH_RUSH_BOOKINGS ?? '300');
export const RUSH_CAPACITY = Number(process.env.BENCH_RUSH_CAPACITY ?? '200');
export const RUSH_INSTANCES = (process.env.BENCH_RUSH_INSTANCES ?? '2,3').split(',').map(Number);
export const RUSH_ROUNDS = Number(process.env.BENCH_RUSH_ROUNDS ?? '1');
/**
 * Over how many ms the rush's bookings are sent, evenly (default 0: all at once, the target's
 * rush). Spread over 40–300 ms each Firestore booking waits for round trips of its own
 * (docs/performance.md, "Firestore: the booking rush").
 */
export const RUSH_SPREAD_MS = Number(process.env.BENCH_RUSH_SPREAD_MS ?? '0');
/**
 * Rounds run first and thrown away, as the emulator's warm-up (default 6): its CPU per booking
 * falls from about 3 ms in the first round to under 1 ms by the sixth (ADR 56).
 */
export const RUSH_WARM_ROUNDS = Number(process.env.BENCH_RUSH_WARM_ROUNDS ?? '6');
const EVENT_ID = 'the-regatta';

export interface RushFigures {
  label: string;
  statuses: Record<string, number>;
  messages: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  wallMs: number;
  readsPerBooking: number | null;
  writesPerBooking: number | null;
  /** Calls to Firestore's service (commits, reads of documents, queries) per booking request: what a rush's CPU follows (ADR 60). */
  roundTripsPerBooking: number | null;
  /** CPU time of the server processes (all instances together) per booking request. */
  cpuMsPerBooking: number;
  /** CPU time of the Firestore emulator (its Java server) per booking request; null on SQLite or where not found. */
  emulatorCpuMsPerBooking: number | null;
  /** CPU time of the bench itself (sending the bookings, reading the answers) per booking request. */
  clientCpuMsPerBooking: number;
  stored: number;
  placesTaken: number;
  overbooked: number;
  ledgerEqualsBookings: boolean;
}

interface Counts {
  reads: number;
  roundTrips: number;
  writes: number;
  cpuMs: number;
}

interface Instance {
  child: ChildProcess;
  url: string;
  counts(): Promise<Counts>;
}

/** One server instance: the bundle with npm start's node and flags, the counting probe preloaded. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const { child, listening } = startServerBundle([...startFlags(), '--import', pathToFileURL(join(HERE, 'firestore-count-probe.mjs')).href], env);
  const counts = () =>
    new Promise<Counts>((resolve) => {
      const onMessage = (message: { type?: string } & Counts) => {
        if (message?.type !== 'firestore-counts') return;
        child.off('message', onMessage);
        resolve({ reads: message.reads, writes: message.writes, roundTrips: message.roundTrips, cpuMs: message.cpuMs });
      };
      child.on('message', onMessage);
      child.send({ type: 'firestore-counts' });
    });
  return { child, url: `http://127.0.0.1:${await listening}`, counts };
}

function stopInstance(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    if (instance.child.exitCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
  });
}

/** The rush's event: free, open for booking, `capacity` places. */
function rushEvent(capacity: number, id = EVENT_ID, name = 'The Regatta') {
  const start = Date.now() + 20 * 86_400_000;
  return anEvent({
    id,
    name,
    eventdatetime: new Date(start).toISOString(),
    eventenddatetime: new Date(start + 6 * 3600_000).toISOString(),
    ...PLAIN_FREE_EVENT,
    capacity,
  });
}

/**
 * Before the rush, each server books the warm-up event (another free event) in WARM_UP_WAVES
 * waves of WARM_UP_WAVE bookings at once, from addresses the rush does not use: as a club's server
 * has booked before the regatta opens at nine, its booking code is compiled and its connections
 * made; a server's first bookings after its start run cold (ADR 55). The same for SQLite.
 */
export const WARM_UP_WAVES = Number(process.env.BENCH_RUSH_WARM_UP_WAVES ?? '3');
const WARM_UP_WAVE = 10;
const WARM_UP_EVENT_ID = 'the-warm-up-sail';
/** Room for every warm-up booking of 3 instances. */
const WARM_UP_CAPACITY = 1000;

/**
 * Whether the rush's bookings reuse the connections of the warm-up bookings (kept alive), rather
 * than each opening its own (the default). Reused, the Firestore runs take several times the
 * round trips, each booking reaching the server alone (ADR 59).
 */
const REUSE_CONNECTIONS = process.env.BENCH_RUSH_REUSE_CONNECTIONS === '1';

/** The warm-up's connections when the rush is to reuse them (BENCH_RUSH_REUSE_CONNECTIONS), else null (closed). */
async function warmUp(urls: string[]): Promise<Agent | null> {
  const connections = keptAliveConnections();
  for (let wave = 0; wave < WARM_UP_WAVES; wave++) {
    await Promise.all(
      urls.flatMap((url, i) =>
        Array.from({ length: WARM_UP_WAVE }, async (_, n) => {
          const address = memberAddress(RUSH_BOOKINGS + 1 + ((wave * urls.length + i) * WARM_UP_WAVE + n));
          const res = await postJson(`${url}/api/bookings`, benchBookingForm(WARM_UP_EVENT_ID, 'Warm', n), { 'x-forwarded-for': address }, connections);
          if (res.status !== 201) throw new Error(`A warm-up booking was answered ${res.status}`);
        }),
      ),
    );
  }
  if (REUSE_CONNECTIONS) return connections;
  connections.destroy();
  return null;
}

/**
 * Fires the rush at the instances (round robin), at once or spread over RUSH_SPREAD_MS; the
 * answers, their latencies, and the CPU the bench itself spent sending them and reading the
 * answers (per booking).
 */
async function fire(
  urls: string[],
  count: number,
  connections: Agent,
): Promise<{ latencies: number[]; statuses: Record<string, number>; messages: Record<string, number>; wallMs: number; clientCpuMsPerBooking: number }> {
  const statuses: Record<string, number> = {};
  const messages: Record<string, number> = {};
  const latencies: number[] = [];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      // Spread over BENCH_RUSH_SPREAD_MS: the n-th sent at n / count of it (its latency from then).
      if (RUSH_SPREAD_MS > 0) await new Promise((resolve) => setTimeout(resolve, (n * RUSH_SPREAD_MS) / count));
      const sent = performance.now();
      let status = 'error';
      try {
        const res = await postJson(
          `${urls[n % urls.length]}/api/bookings`,
          benchBookingForm(EVENT_ID, 'Rush', n),
          { 'x-forwarded-for': memberAddress(n + 1) },
          connections,
        );
        status = String(res.status);
        const body = parsedOrEmpty(res.text);
        if (res.status !== 201) {
          const text = body.message ?? body.error ?? '';
          messages[`${res.status} ${text}`] = (messages[`${res.status} ${text}`] ?? 0) + 1;
        }
      } catch (error) {
        messages[`error ${(error as Error).message}`] = (messages[`error ${(error as Error).message}`] ?? 0) + 1;
      }
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    latencies: latencies.sort((a, b) => a - b),
    statuses,
    messages,
    wallMs: performance.now() - started,
    clientCpuMsPerBooking: (cpu.user + cpu.system) / 1000 / count,
  };
}

function parsedOrEmpty(text: string): { error?: string; message?: string } {
  try {
    return JSON.parse(text) as { error?: string; message?: string };
  } catch {
    return {};
  }
}

async function stored(bookings: BookingRepository): Promise<{ stored: number; placesTaken: number; ledgerEqualsBookings: boolean }> {
  const now = new Date();
  const list = await bookings.listByEvent(EVENT_ID);
  const differences = await bookings.checkPlaces({ now, repair: false });
  return { stored: list.length, placesTaken: placesTaken(list, now), ledgerEqualsBookings: differences.length === 0 };
}

const BASE_ENV = (dataDir: string): NodeJS.ProcessEnv => benchServerEnv(dataDir, { SEED_DEMO_DATA: 'false', METADATA_SERVER_DETECTION: 'none' });

const NO_COUNTS: Counts = { reads: 0, writes: 0, roundTrips: 0, cpuMs: 0 };
const sumCounts = (a: Counts, b: Counts): Counts => ({
  reads: a.reads + b.reads,
  writes: a.writes + b.writes,
  roundTrips: a.roundTrips + b.roundTrips,
  cpuMs: a.cpuMs + b.cpuMs,
});

/**
 * The CPU time so far, in ms, of the emulator's Java server listening on `host` (found by its
 * command line in /proc; Linux only), or null when it is not found.
 */
export function emulatorCpuMs(host: string | undefined): number | null {
  const port = host?.split(':').pop();
  if (!port) return null;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!cmdline[0]?.endsWith('java') || !cmdline.includes(`--port=${port}`)) continue;
      // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    }
  } catch {
    return null;
  }
  return null;
}

/** The rush, on the warm-up's connections when given, else each booking on a connection of its own. */
async function measure(
  label: string,
  instances: Instance[],
  bookings: BookingRepository,
  countsBefore: Counts,
  warmConnections: Agent | null,
  emulatorHost?: string,
): Promise<RushFigures> {
  const emulatorBefore = emulatorCpuMs(emulatorHost);
  const connections = warmConnections ?? keptAliveConnections();
  const { latencies, statuses, messages, wallMs, clientCpuMsPerBooking } = await fire(
    instances.map((i) => i.url),
    RUSH_BOOKINGS,
    connections,
  ).finally(() => connections.destroy());
  const after = (await Promise.all(instances.map((i) => i.counts()))).reduce(sumCounts, NO_COUNTS);
  const perBooking = (count: keyof Counts) => (after[count] - countsBefore[count]) / RUSH_BOOKINGS;
  // Reads, writes and round trips are Firestore's; SQLite has none to count.
  const firestore = label.startsWith('Firestore');
  const readsPerBooking = firestore ? perBooking('reads') : null;
  const writesPerBooking = firestore ? perBooking('writes') : null;
  const roundTripsPerBooking = firestore ? perBooking('roundTrips') : null;
  const cpuMsPerBooking = perBooking('cpuMs');
  const emulatorAfter = emulatorCpuMs(emulatorHost);
  const emulatorCpuMsPerBooking = emulatorBefore === null || emulatorAfter === null ? null : (emulatorAfter - emulatorBefore) / RUSH_BOOKINGS;
  const found = await stored(bookings);
  return {
    label,
    statuses,
    messages,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    wallMs,
    readsPerBooking,
    writesPerBooking,
    roundTripsPerBooking,
    cpuMsPerBooking,
    emulatorCpuMsPerBooking,
    clientCpuMsPerBooking,
    ...found,
    overbooked: Math.max(0, found.placesTaken - RUSH_CAPACITY),
  };
}

/** The rush through `count` server instances on the emulator, in a club of its own (a collection prefix). */
export async function firestoreRush(emulator: { host: string; projectId: string }, db: Firestore, count: number, prefix: string): Promise<RushFigures> {
  const options = { collectionPrefix: prefix };
  const events: EventRepository = new FirestoreEventRepository(db, options);
  await events.create(rushEvent(RUSH_CAPACITY));
  await events.create(rushEvent(WARM_UP_CAPACITY, WARM_UP_EVENT_ID, 'The Warm-up Sail'));
  const dirs = Array.from({ length: count }, () => mkdtempSync(join(tmpdir(), 'kyc-rush-')));
  const instances: Instance[] = [];
  try {
    for (const dir of dirs) {
      instances.push(
        await startInstance({
          ...BASE_ENV(dir),
          STORAGE: 'firestore',
          FIRESTORE_PROJECT_ID: emulator.projectId,
          FIRESTORE_EMULATOR_HOST: emulator.host,
          FIRESTORE_COLLECTION_PREFIX: prefix,
        }),
      );
    }
    // Each instance warmed up on a calendar view and bookings of another event.
    await Promise.all(instances.map((i) => fetch(`${i.url}/api/events`).then((r) => r.arrayBuffer())));
    const warm = await warmUp(instances.map((i) => i.url));
    const before = (await Promise.all(instances.map((i) => i.counts()))).reduce(sumCounts, NO_COUNTS);
    return await measure(`Firestore, ${count} instances`, instances, new FirestoreBookingRepository(db, options), before, warm, emulator.host);
  } finally {
    await Promise.all(instances.map(stopInstance));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The same rush on one server on SQLite (the embedded default), as the reference. */
export async function sqliteRush(): Promise<RushFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-rush-sqlite-'));
  const file = join(dir, DATABASE_FILE);
  let instance: Instance | null = null;
  try {
    const setup = await openSqliteDatabase(file);
    await new SqliteEventRepository(setup).create(rushEvent(RUSH_CAPACITY));
    await new SqliteEventRepository(setup).create(rushEvent(WARM_UP_CAPACITY, WARM_UP_EVENT_ID, 'The Warm-up Sail'));
    await setup.destroy();
    instance = await startInstance(BASE_ENV(dir));
    await fetch(`${instance.url}/api/events`).then((r) => r.arrayBuffer());
    const warm = await warmUp([instance.url]);
    const db = await openSqliteDatabase(file);
    try {
      const before = await instance.counts();
      return await measure('SQLite, 1 instance', [instance], new SqliteBookingRepository(db), before, warm);
    } finally {
      await db.destroy();
    }
  } finally {
    if (instance) await stopInstance(instance);
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number | null, digits = 0) => (n === null ? 'n/a' : n.toFixed(digits));

const RUSH_COLUMNS = [
  'run',
  'answers',
  'p50',
  'p95',
  'p99',
  'max',
  'all answered in',
  'reads / booking',
  'writes / booking',
  'round trips / booking',
  'server CPU / booking',
  'emulator CPU / booking',
  'bench CPU / booking',
  'stored',
  'places taken',
  'ledger = bookings',
];

export function printRush(figures: RushFigures[]): void {
  const when = RUSH_SPREAD_MS > 0 ? `spread over ${RUSH_SPREAD_MS} ms` : 'at once';
  console.log(`\n${RUSH_BOOKINGS} bookings ${when} for ${RUSH_CAPACITY} places (one free event, each booking from its own address):`);
  console.log(`| ${RUSH_COLUMNS.join(' | ')} |`);
  console.log(`|${RUSH_COLUMNS.map(() => '---|').join('')}`);
  for (const f of figures) {
    const answers = Object.entries(f.statuses)
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ');
    console.log(
      `| ${f.label} | ${answers} | ${fmt(f.p50)} ms | ${fmt(f.p95)} ms | ${fmt(f.p99)} ms | ${fmt(f.max)} ms | ${fmt(f.wallMs)} ms | ` +
        `${fmt(f.readsPerBooking, 2)} | ${fmt(f.writesPerBooking, 2)} | ${fmt(f.roundTripsPerBooking, 2)} | ${fmt(f.cpuMsPerBooking, 1)} ms | ${f.emulatorCpuMsPerBooking === null ? 'n/a' : `${fmt(f.emulatorCpuMsPerBooking, 1)} ms`} | ${fmt(f.clientCpuMsPerBooking, 2)} ms | ${f.stored} | ${f.placesTaken} / ${RUSH_CAPACITY} | ${f.ledgerEqualsBookings ? 'yes' : 'NO'} |`,
    );
  }
  const messages = new Map<string, number>();
  for (const f of figures) for (const [m, n] of Object.entries(f.messages)) messages.set(`${f.label}: ${m}`, n);
  for (const [m, n] of messages) console.log(`  ${m} (${n})`);
}

/** The rush's latency targets for a Firestore run (docs/performance.md): its p99 under 2 s, and at most 1.5× SQLite's p99 of the same round. */
const P99_TARGET_MS = 2000;
const RATIO_TARGET = 1.5;

/** The verdicts on those targets for each Firestore run against the SQLite run of the same round. */
export function rushVerdicts(reference: RushFigures, runs: RushFigures[]): string[] {
  const lines: string[] = [];
  const refused = RUSH_BOOKINGS - RUSH_CAPACITY;
  for (const f of [reference, ...runs]) {
    const full = f.messages[`409 Fully booked`] ?? 0;
    const ok = f.overbooked === 0 && f.stored === RUSH_CAPACITY && (f.statuses['201'] ?? 0) === RUSH_CAPACITY && full === refused && f.ledgerEqualsBookings;
    lines.push(
      `${f.label}: ${f.statuses['201'] ?? 0} booked, ${full} refused "Fully booked", ${f.stored} stored, ${f.overbooked} overbooked, ledger ${f.ledgerEqualsBookings ? '=' : '≠'} bookings: ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  for (const f of runs) {
    const ratio = f.p99 / reference.p99;
    lines.push(
      `${f.label}: p99 ${fmt(f.p99)} ms (target < ${P99_TARGET_MS} ms: ${f.p99 < P99_TARGET_MS ? 'PASS' : 'FAIL'}), ${ratio.toFixed(2)}× SQLite's ${fmt(reference.p99)} ms (target ≤ ${RATIO_TARGET}×: ${ratio <= RATIO_TARGET ? 'PASS' : 'FAIL'})`,
    );
  }
  return lines;
}

/** Whether a Firestore run met both latency targets: p99 under 2 s and at most 1.5× SQLite's of its round. */
export function metLatencyTargets(reference: RushFigures, run: RushFigures): boolean {
  return run.p99 < P99_TARGET_MS && run.p99 / reference.p99 <= RATIO_TARGET;
}

/**
 * The emulator's floor (ADR 52): the median time, alone on the emulator, of each kind of round
 * trip a booking waits for, one after another, 30 of each: one document read, a read of 8
 * documents at once (an event's ledger parts), a batch of one write, and a transaction reading and
 * writing one document (each per-address limit). A booking on Firestore waits for 3 such
 * transactions, the event's read, and its part's read and commit (ADR 50), however fast the
 * server code around them.
 */
export async function emulatorFloor(db: Firestore, prefix: string): Promise<void> {
  const ref = (n: number) => db.collection(`${prefix}floor`).doc(`d${n}`);
  const refs = Array.from({ length: 8 }, (_, n) => ref(n));
  await Promise.all(refs.map((r) => r.set({ n: 0 })));
  const median = async (run: (i: number) => Promise<unknown>): Promise<number> => {
    for (let i = 0; i < 5; i += 1) await run(i);
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      await run(i);
      times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  const get = await median(() => ref(0).get());
  const getAll = await median(() => db.getAll(...refs));
  const commit = await median((i) => db.batch().set(ref(1), { n: i }).commit());
  const transaction = await median(() =>
    db.runTransaction(async (tx) => {
      const doc = await tx.get(ref(2));
      tx.set(ref(2), { n: Number(doc.get('n')) + 1 });
    }),
  );
  const booking = 3 * transaction + get + get + commit;
  console.log(`\nThe emulator alone, median of 30 each, one after another (load ${loadAverage()}):`);
  console.log(
    "| one document read | 8 documents read | batch of one write | transaction: read and write one document | a booking's round trips one after another (3 transactions, 2 reads, 1 commit) |",
  );
  console.log('|---|---|---|---|---|');
  console.log(`| ${fmt(get, 1)} ms | ${fmt(getAll, 1)} ms | ${fmt(commit, 1)} ms | ${fmt(transaction, 1)} ms | ${fmt(booking, 0)} ms |`);
}

/** The machine's 1-minute load average, as `uptime` shows it. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return 'n/a';
  }
}
