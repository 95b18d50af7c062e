/**
 * The ledger designs of ADR 36 side by side, part of `npm run bench:firestore`: the same rush
 * (BENCH_RUSH_BOOKINGS bookings of one place at once for BENCH_RUSH_CAPACITY places) through 2 and
 * 3 separate processes on one emulator, each process adding its share of the bookings at one
 * agreed moment through the storage code alone (no HTTP, no per-address limits, no mail), so that
 * only the ledger's design differs:
 * - `one ledger`: the event's one ledger document, one booking at a time per process (before ADR 36);
 * - `group commit`: one ledger document, the bookings waiting in a process committed together;
 * - `parts`: the ledger in parts with shares (ADR 36, FirestoreBookingRepository as the server runs it).
 * Designs run in turns, in the same run; latencies are from the agreed moment to each answer.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { FirestoreBookingRepository } from '../../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../../adapters/firestore/firestore-event-repository';
import { placesTaken } from '../../core/bookings/booking-state';
import { anEvent } from '../../test/support/entities';
import { RUSH_BOOKINGS, RUSH_CAPACITY, RUSH_INSTANCES } from '../firestore-rush';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DESIGNS = [
  { key: 'single', title: 'one ledger' },
  { key: 'grouped', title: 'group commit' },
  { key: 'parts', title: 'parts (ADR 36)' },
] as const;

interface WorkerReport {
  answers: { added: boolean; ms: number }[];
  reads: number;
  writes: number;
  cpuMs: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function rushOnce(emulator: { host: string; projectId: string }, db: Firestore, design: string, processes: number, prefix: string) {
  await new FirestoreEventRepository(db, { collectionPrefix: prefix }).create(
    anEvent({ id: 'the-regatta', capacity: RUSH_CAPACITY, requiresPayment: false, price: 0 }),
  );
  const startAt = Date.now() + 5000;
  const share = Math.ceil(RUSH_BOOKINGS / processes);
  const reports = await Promise.all(
    Array.from({ length: processes }, async (_, p) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          pathToFileURL(join(ROOT, 'bench', 'firestore-count-probe.mjs')).href,
          join(HERE, 'ledger-design-worker.ts'),
          emulator.projectId,
          prefix,
          design,
          String(startAt),
          String(p * share),
          String(Math.min(share, RUSH_BOOKINGS - p * share)),
          String(RUSH_CAPACITY),
          `p${p}`,
        ],
        { cwd: ROOT, env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host }, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as WorkerReport;
    }),
  );
  const answers = reports.flatMap((r) => r.answers);
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const bookings = new FirestoreBookingRepository(db, { collectionPrefix: prefix });
  const stored = await bookings.listByEvent('the-regatta');
  const differences = await bookings.checkPlaces({ now: new Date(), repair: false });
  return {
    added: answers.filter((a) => a.added).length,
    refused: answers.filter((a) => !a.added).length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    reads: reports.reduce((s, r) => s + r.reads, 0) / RUSH_BOOKINGS,
    writes: reports.reduce((s, r) => s + r.writes, 0) / RUSH_BOOKINGS,
    cpuMs: reports.reduce((s, r) => s + r.cpuMs, 0) / RUSH_BOOKINGS,
    stored: stored.length,
    taken: placesTaken(stored, new Date()),
    ledgerEqualsBookings: differences.filter((d) => d.eventId === 'the-regatta').length === 0,
  };
}

export async function compareLedgerDesigns(emulator: { host: string; projectId: string }, db: Firestore): Promise<void> {
  console.log(
    `\nLedger designs, storage code only: ${RUSH_BOOKINGS} bookings at once for ${RUSH_CAPACITY} places from separate processes (latency from the agreed moment):`,
  );
  console.log(
    '| design | processes | booked / refused | p50 | p95 | p99 | reads / booking | writes / booking | CPU / booking | stored | places taken | ledger = bookings |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const processes of RUSH_INSTANCES) {
    for (const design of DESIGNS) {
      const f = await rushOnce(emulator, db, design.key, processes, `design_${design.key}_${processes}_`);
      console.log(
        `| ${design.title} | ${processes} | ${f.added} / ${f.refused} | ${f.p50.toFixed(0)} ms | ${f.p95.toFixed(0)} ms | ${f.p99.toFixed(0)} ms | ${f.reads.toFixed(2)} | ${f.writes.toFixed(2)} | ${f.cpuMs.toFixed(1)} ms | ${f.stored} | ${f.taken} / ${RUSH_CAPACITY} | ${f.ledgerEqualsBookings ? 'yes' : 'NO'} |`,
      );
    }
  }
}
