// One "server instance" of the ledger-design comparison (bench/ledger-designs/compare-ledger-designs.ts),
// run as its own process on the emulator of FIRESTORE_EMULATOR_HOST: at the agreed moment it adds
// its bookings of the rush event at once through one design's storage code, and prints each
// answer's latency from that moment, and its reads and writes (bench/firestore-count-probe.mjs).
import { performance } from 'node:perf_hooks';
import { FirestoreBookingRepository } from '../../adapters/firestore/firestore-booking-repository';
import { closeFirestore, openFirestore } from '../../adapters/firestore/firestore-storage';
import type { AddBookingResult } from '../../core/bookings/booking-repository.port';
import { aBooking } from '../../test/support/entities';
import { referenceOf } from '../../test/support/reference-of';
import { GroupedLedgerBookings } from './grouped-ledger-bookings';

const [projectId, prefix, design, startAtText, fromText, countText, capacityText, process_] = process.argv.slice(2);
const db = openFirestore({ projectId });
const options = { collectionPrefix: prefix };
const capacity = Number(capacityText);
const add: (booking: ReturnType<typeof aBooking>, now: Date) => Promise<AddBookingResult> =
  design === 'parts'
    ? (
        (repository) => (booking, now) =>
          repository.addIfPlacesRemain(booking, { capacity, now, eventSequence: 0 })
      )(new FirestoreBookingRepository(db, options))
    : (
        (grouped) => (booking, now) =>
          grouped.add(booking, { capacity, now })
      )(new GroupedLedgerBookings(db, prefix, design === 'grouped' ? 100 : 1));

// The connection made before the moment.
await db.collection('warm-up').doc(process_).get();
const counts = (globalThis as { firestoreCounts?: () => { reads: number; writes: number; cpuMs: number } }).firestoreCounts;
const before = counts?.() ?? { reads: 0, writes: 0, cpuMs: 0 };
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
const started = performance.now();
const from = Number(fromText);
const answers = await Promise.all(
  Array.from({ length: Number(countText) }, async (_, i) => {
    const n = from + i;
    const now = new Date();
    const booking = aBooking({
      id: `rush-${n}`,
      reference: referenceOf('rush', n),
      eventId: 'the-regatta',
      eventName: 'The Regatta',
      numberAttending: 1,
      paymentRequired: false,
      paymentAmount: null,
      paymentCurrency: null,
      submittedAt: now.toISOString(),
    });
    const result = await add(booking, now);
    return { added: result.added, ms: performance.now() - started };
  }),
);
const after = counts?.() ?? { reads: 0, writes: 0, cpuMs: 0 };
await closeFirestore(db);
process.stdout.write(JSON.stringify({ answers, reads: after.reads - before.reads, writes: after.writes - before.writes, cpuMs: after.cpuMs - before.cpuMs }));
