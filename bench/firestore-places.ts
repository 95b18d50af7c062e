/**
 * Firestore cost benchmark (`npm run bench:firestore`): reads and time per booking and per
 * calendar view on the real Firestore emulator, with 0, 2,000 and 5,000 bookings already made in
 * the busy event, through the core's use cases and the Firestore adapters the server uses.
 *
 * Reads are counted by wrapping the Firestore client's read methods in this process, as Firestore
 * bills them: one read per document fetched (a missing document too), one per document a query
 * returns and at least one per query, one per count. A transaction attempt that is aborted and
 * run again is counted again: its reads are billed again.
 *
 * Each level is its own club (its own collection prefix), the example club of docs/storage.md
 * ("Read and write cost"): 20 upcoming events with a capacity and 60 events already over, with
 * the level's bookings in the first upcoming event.
 * Figures printed per level, and as ratios to the empty level measured in the same run; then 40
 * concurrent bookings of the 2,000-booking event from one server connection and from two (two
 * server instances: separate clients whose transactions race in Firestore).
 *
 * Then the booking rush (bench/firestore-rush.ts, docs/performance.md): 300 bookings at once for 200 places
 * through 2 and 3 server instances (separate processes) on the emulator, and through one server on
 * SQLite in the same run as the reference.
 *
 * Environment: BENCH_FIRESTORE_LEVELS (default 0,2000,5000), BENCH_FIRESTORE_SAMPLES (sequential
 * bookings and calendar views measured per level, default 30), BENCH_FIRESTORE_ONLY (`cost`,
 * `designs` or `rush`: only that part; bench/ledger-designs compares the ledger designs of ADR 36), and the rush's own (bench/firestore-rush.ts). Nothing leaves 127.0.0.1.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import type { Firestore } from 'firebase-admin/firestore';
import { FirestoreAddressLimitStore } from '../adapters/firestore/firestore-address-limit-store';
import { FirestoreBookingRepository } from '../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../adapters/firestore/firestore-event-repository';
import { FirestoreConditionsRepository } from '../adapters/firestore/firestore-conditions-repository';
import { closeFirestore, openFirestore } from '../adapters/firestore/firestore-storage';
import { FirestoreWaitingList } from '../adapters/firestore/firestore-waiting-list';
import { HmacBookingLinks } from '../adapters/node-crypto/hmac-booking-links';
import { CryptoIdGenerator } from '../adapters/system/crypto-id-generator';
import { SystemClock } from '../adapters/system/system-clock';
import { TestPaymentGateway } from '../adapters/test-payments/test-payment-gateway';
import type { Booking } from '../core/bookings/booking';
import type { ClubEvent } from '../core/events/event';
import { ListCalendarEvents } from '../core/calendar/list-calendar-events';
import { SubmitBooking } from '../core/operations/submit-booking';
import { startFirestoreEmulator } from '../test/support/firestore-emulator';
import { aBooking as fullBooking, anEvent as fullEvent, PLAIN_FREE_EVENT } from '../test/support/entities';
import {
  emulatorFloor,
  firestoreRush,
  loadAverage,
  metLatencyTargets,
  printRush,
  RUSH_INSTANCES,
  RUSH_ROUNDS,
  RUSH_WARM_ROUNDS,
  rushVerdicts,
  sqliteRush,
  type RushFigures,
} from './firestore-rush';
import { execFileSync } from 'node:child_process';
import { compareLedgerDesigns } from './ledger-designs/compare-ledger-designs';

const LEVELS = (process.env.BENCH_FIRESTORE_LEVELS ?? '0,2000,5000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_FIRESTORE_SAMPLES ?? '30');
const ONLY = process.env.BENCH_FIRESTORE_ONLY;
const DAY = 86_400_000;

// ---- read counting -------------------------------------------------------------------------

// The classes through require: not every one of them is a named export of the ES module wrapper.
const require = createRequire(import.meta.url);
const { DocumentReference, Firestore: FirestoreClass, Query, Transaction } = require('firebase-admin/firestore') as typeof import('firebase-admin/firestore');
// Not exported by either package's index; its own module holds it.
const { AggregateQuery } = require('@google-cloud/firestore/build/src/reference/aggregate-query') as { AggregateQuery: { prototype: object } };

let reads = 0;
const inside = new AsyncLocalStorage<true>();

/** Wraps a read method so the outermost call counts what it returned (inner calls are its own). */
function countReads(proto: object, method: string, count: (result: unknown, args: unknown[]) => number): void {
  const target = proto as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method];
  target[method] = function (this: unknown, ...args: unknown[]) {
    if (inside.getStore()) return original.apply(this, args);
    return inside.run(true, async () => {
      const result = await original.apply(this, args);
      reads += count(result, args);
      return result;
    });
  };
}

const docsOf = (snapshot: unknown) => Math.max(1, (snapshot as { size: number }).size);
countReads(DocumentReference.prototype, 'get', () => 1);
countReads(Query.prototype, 'get', docsOf);
countReads(AggregateQuery.prototype, 'get', () => 1);
countReads(FirestoreClass.prototype, 'getAll', (result) => (result as unknown[]).length);
countReads(Transaction.prototype, 'get', (result) => ('size' in (result as object) ? docsOf(result) : 1));
countReads(Transaction.prototype, 'getAll', (result) => (result as unknown[]).length);

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; reads: number; ms: number }> {
  const before = reads;
  const start = performance.now();
  const result = await work();
  return { result, reads: reads - before, ms: performance.now() - start };
}

// ---- the club ------------------------------------------------------------------------------

function anEvent(id: string, startMs: number, capacity: number | null): ClubEvent {
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + 6 * 3600_000).toISOString();
  return fullEvent({ id, name: `Event ${id}`, eventdatetime: start, eventenddatetime: end, ...PLAIN_FREE_EVENT, capacity });
}

function aBooking(id: string, eventId: string, now: Date): Booking {
  return fullBooking({ id, eventId, eventName: `Event ${eventId}`, firstName: 'Bench', lastName: 'Member', submittedAt: now.toISOString() });
}

const BUSY = 'busy';
const BIG = 1_000_000;

async function seedClub(db: Firestore, prefix: string, existing: number): Promise<void> {
  const events = new FirestoreEventRepository(db, { collectionPrefix: prefix });
  const bookings = new FirestoreBookingRepository(db, { collectionPrefix: prefix });
  const now = Date.now();
  const all = [
    anEvent(BUSY, now + 10 * DAY, BIG),
    ...Array.from({ length: 19 }, (_, i) => anEvent(`cap-${i}`, now + (11 + i) * DAY, 40)),
    ...Array.from({ length: 60 }, (_, i) => anEvent(`past-${i}`, now - (30 + i * 5) * DAY, 30)),
  ];
  await Promise.all(all.map((event) => events.create(event)));
  // The bookings already made, through the adapter (so the ledger is kept as in production).
  const at = new Date();
  for (let i = 0; i < existing; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, existing - i) }, (_, j) => bookings.addIfPlacesRemain(aBooking(`seed-${i + j}`, BUSY, at), { capacity: BIG, now: at })),
    );
  }
}

/** Signs the links and checkouts the bench never opens. */
const BENCH_SECRET = 'a-secret-for-the-bench-only-0123456789';

function useCases(db: Firestore, prefix: string) {
  const events = new FirestoreEventRepository(db, { collectionPrefix: prefix });
  const bookings = new FirestoreBookingRepository(db, { collectionPrefix: prefix });
  const clock = new SystemClock();
  return {
    submit: new SubmitBooking({
      events,
      bookings,
      clock,
      ids: new CryptoIdGenerator(),
      payments: new TestPaymentGateway({ checkoutSecret: BENCH_SECRET, webhookSecret: BENCH_SECRET, clock }),
      addressLimits: new FirestoreAddressLimitStore(db, { collectionPrefix: prefix }),
      waitingList: new FirestoreWaitingList(db, { collectionPrefix: prefix }),
      bookingLinks: new HmacBookingLinks(BENCH_SECRET),
      offerLinks: new HmacBookingLinks(BENCH_SECRET, 'waitlist-offer'),
      siteSettings: { clubName: 'Bench Sailing Club', publicBaseUrl: 'http://localhost' },
      maxAttendees: 20,
      testHook: false,
      // No cap per address: the bench books from one address on purpose.
      bookingLimits: {},
    }),
    calendar: new ListCalendarEvents({
      events,
      bookings,
      conditions: new FirestoreConditionsRepository(db, { collectionPrefix: prefix }),
      clock,
      attribution: null,
    }),
  };
}

const FORM = {
  firstName: 'Ann',
  lastName: 'Member',
  numberAttending: 1,
  numberOfChildren: 0,
  numberOfSoftDrinks: 0,
  numberOfVegetarian: 0,
  boatName: '',
  userEmail: '',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface LevelFigures {
  existing: number;
  readsPerBooking: number;
  bookingMedianMs: number;
  concurrent20Ms: number;
  readsPerCalendar: number;
  calendarMedianMs: number;
  calendarEvents: number;
}

async function measureLevel(db: Firestore, existing: number, prefix = `bench${existing}_`): Promise<LevelFigures> {
  await seedClub(db, prefix, existing);
  const { submit, calendar } = useCases(db, prefix);
  // Warm up the connection and the code paths.
  for (let i = 0; i < 3; i += 1) {
    await submit.execute({ eventId: BUSY, ...FORM });
    await calendar.execute();
  }
  const bookingReads: number[] = [];
  const bookingMs: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const m = await measured(() => submit.execute({ eventId: BUSY, ...FORM }));
    bookingReads.push(m.reads);
    bookingMs.push(m.ms);
  }
  const concurrent = await measured(() => Promise.all(Array.from({ length: 20 }, () => submit.execute({ eventId: BUSY, ...FORM }))));
  const calendarReads: number[] = [];
  const calendarMs: number[] = [];
  let shown = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const m = await measured(() => calendar.execute());
    calendarReads.push(m.reads);
    calendarMs.push(m.ms);
    shown = m.result.length;
  }
  return {
    existing,
    readsPerBooking: median(bookingReads),
    bookingMedianMs: median(bookingMs),
    concurrent20Ms: concurrent.ms,
    readsPerCalendar: median(calendarReads),
    calendarMedianMs: median(calendarMs),
    calendarEvents: shown,
  };
}

/** 40 bookings at once of one busy event, from `connections` server connections. */
async function busyEvent(projectId: string, prefix: string, connections: number): Promise<{ ms: number; reads: number }> {
  const clients = Array.from({ length: connections }, () => openFirestore({ projectId }));
  try {
    const submits = clients.map((client) => useCases(client, prefix).submit);
    await Promise.all(submits.map((submit) => submit.execute({ eventId: BUSY, ...FORM })));
    const m = await measured(() => Promise.all(Array.from({ length: 40 }, (_, i) => submits[i % connections].execute({ eventId: BUSY, ...FORM }))));
    return { ms: m.ms, reads: m.reads };
  } finally {
    await Promise.all(clients.map((client) => closeFirestore(client)));
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const emulator = await startFirestoreEmulator('demo-kyc-bench');
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const db = openFirestore({ projectId: emulator.projectId });
  try {
    if (ONLY === undefined || ONLY === 'cost') await measureCost(emulator, db);
    if (ONLY === undefined || ONLY === 'designs') await compareLedgerDesigns(emulator, db);
    if (ONLY === undefined || ONLY === 'rush') await measureRush(emulator, db);
  } finally {
    await closeFirestore(db);
    await emulator.stop();
  }
}

/** The booking rush, each configuration in turns (SQLite first in each round, as its reference). */
async function measureRush(emulator: { host: string; projectId: string }, db: Firestore): Promise<void> {
  // The production bundle the instances run (what `npm run build` makes of the server).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' });
  await emulatorFloor(db, 'floor_');
  // Rounds run and thrown away (printed, not counted): the emulator's Java server compiles its hot
  // code on them, as a Firestore in production is not a cold process (ADR 55, 56). Each server
  // instance of every round is new, and warms up on bookings of its own before its rush.
  for (let round = 1; round <= RUSH_WARM_ROUNDS; round += 1) {
    const reference = await sqliteRush();
    const runs: RushFigures[] = [];
    for (const count of RUSH_INSTANCES) runs.push(await firestoreRush(emulator, db, count, `rushwarm${round}x${count}_`));
    const emulatorCpu = runs.map((f) => (f.emulatorCpuMsPerBooking === null ? 'n/a' : `${f.emulatorCpuMsPerBooking.toFixed(1)} ms`)).join(', ');
    console.log(
      `\nWarm-up round ${round} (not counted): p99 ${[reference, ...runs].map((f) => `${f.label} ${Math.round(f.p99)} ms`).join(', ')}; the emulator's CPU per booking ${emulatorCpu}`,
    );
  }
  // Over all rounds, how many runs of each configuration met both latency targets.
  const met = new Map<string, number>();
  for (let round = 1; round <= RUSH_ROUNDS; round += 1) {
    console.log(`\nRound ${round}, load before: ${loadAverage()}`);
    const reference = await sqliteRush();
    const runs: RushFigures[] = [];
    for (const count of RUSH_INSTANCES) runs.push(await firestoreRush(emulator, db, count, `rush${round}x${count}_`));
    printRush([reference, ...runs]);
    for (const line of rushVerdicts(reference, runs)) console.log(line);
    for (const run of runs) met.set(run.label, (met.get(run.label) ?? 0) + (metLatencyTargets(reference, run) ? 1 : 0));
    console.log(`Load after round ${round}: ${loadAverage()}`);
  }
  console.log(`\nBoth latency targets met: ${[...met].map(([label, n]) => `${label} in ${n} of ${RUSH_ROUNDS}`).join(', ')}`);
}

async function measureCost(emulator: { host: string; projectId: string }, db: Firestore): Promise<void> {
  console.log(`Firestore emulator at ${emulator.host}; levels ${LEVELS.join(', ')}; ${SAMPLES} samples each\n`);
  // A first club measured and thrown away: the code and the emulator warm up on it, so the
  // first level measured is not the slowest for that reason alone.
  await measureLevel(db, 0, 'warmup_');
  const figures: LevelFigures[] = [];
  for (const level of LEVELS) {
    const started = performance.now();
    figures.push(await measureLevel(db, level));
    console.log(`level ${level}: measured in ${fmt((performance.now() - started) / 1000)} s`);
  }
  const base = figures[0];
  console.log(
    '\n| bookings already in the event | reads per booking | booking median | 20 concurrent | reads per calendar view | calendar median | events shown |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.existing} | ${f.readsPerBooking} | ${fmt(f.bookingMedianMs)} ms (${fmt(f.bookingMedianMs / base.bookingMedianMs, 2)}×) | ` +
        `${fmt(f.concurrent20Ms)} ms (${fmt(f.concurrent20Ms / base.concurrent20Ms, 2)}×) | ${f.readsPerCalendar} | ` +
        `${fmt(f.calendarMedianMs)} ms (${fmt(f.calendarMedianMs / base.calendarMedianMs, 2)}×) | ${f.calendarEvents} |`,
    );
  }
  const readsSpread = Math.max(...figures.map((f) => Math.abs(f.readsPerBooking - base.readsPerBooking)));
  const calendarSpread = Math.max(...figures.map((f) => Math.abs(f.readsPerCalendar - base.readsPerCalendar)));
  const worstBooking = Math.max(...figures.map((f) => f.bookingMedianMs / base.bookingMedianMs));
  const worstConcurrent = Math.max(...figures.map((f) => f.concurrent20Ms / base.concurrent20Ms));
  console.log(`\nreads per booking within ±${readsSpread} of the empty event's (target ±5): ${readsSpread <= 5 ? 'PASS' : 'FAIL'}`);
  console.log(`reads per calendar view within ±${calendarSpread} (target ±5): ${calendarSpread <= 5 ? 'PASS' : 'FAIL'}`);
  console.log(`booking median at most ${fmt(worstBooking, 2)}× the empty event's (target 2×): ${worstBooking <= 2 ? 'PASS' : 'FAIL'}`);
  console.log(`20 concurrent at most ${fmt(worstConcurrent, 2)}× the empty event's (target 2×): ${worstConcurrent <= 2 ? 'PASS' : 'FAIL'}`);

  const busyLevel = LEVELS.find((level) => level >= 2000) ?? LEVELS[LEVELS.length - 1];
  const prefix = `bench${busyLevel}_`;
  const one = await busyEvent(emulator.projectId, prefix, 1);
  const two = await busyEvent(emulator.projectId, prefix, 2);
  console.log(`\n40 concurrent bookings of the ${busyLevel}-booking event:`);
  console.log(`  one server connection:  ${fmt(one.ms)} ms, ${one.reads} reads`);
  console.log(`  two server connections: ${fmt(two.ms)} ms, ${two.reads} reads (${fmt(two.ms / one.ms, 2)}× one)`);
  console.log(`two instances no slower than one (within 10%): ${two.ms <= one.ms * 1.1 ? 'PASS' : 'FAIL'}`);

  // The example club of docs/storage.md: per day 2,000 calendar views and 300 bookings.
  const last = figures[figures.length - 1];
  const perDay = 2000 * last.readsPerCalendar + 300 * last.readsPerBooking;
  console.log(`\nexample club (2,000 calendar views and 300 bookings a day): about ${perDay.toLocaleString('en-GB')} reads a day`);
}

await main();
