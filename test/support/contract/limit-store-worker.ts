// Run as its own process by limit-stores-across-processes.test.ts: one "server instance" racing
// the others, from one moment, on the sign-in and booking limits kept in one SQLite file or
// one Firestore emulator. Prints what it was told, as JSON.
import type { AddressLimitStore } from '../../../core/shared/address-limit-store.port';
import type { LoginAttemptStore } from '../../../core/admins/login-attempt-store.port';
import { WORKER_FIRESTORE_CALL_DEADLINE_MS } from '../worker-limits';
import { readyThenWaitForGo } from '../start-together';
// As in the test processes (a setup file there): a transaction that lost a race retries after 100 ms.
import '../firestore-retry-pause';

const [storage, where, countText, prefix] = process.argv.slice(2);
const count = Number(countText);
const NOW = new Date('2026-06-01T09:00:00.000Z');

let attempts: LoginAttemptStore;
let limits: AddressLimitStore;
let close: () => Promise<void>;
// Each process loads the adapters of its own storage only (before the start signal): loading the
// other's (firebase-admin, or knex) was CPU time spent for nothing in three processes at once.
if (storage === 'sqlite') {
  const { openSqliteDatabase } = await import('../../../adapters/sqlite/sqlite-database');
  const { SqliteAddressLimitStore } = await import('../../../adapters/sqlite/sqlite-address-limit-store');
  const { SqliteLoginAttemptStore } = await import('../../../adapters/sqlite/sqlite-login-attempt-store');
  const db = await openSqliteDatabase(where);
  attempts = new SqliteLoginAttemptStore(db);
  limits = new SqliteAddressLimitStore(db);
  close = () => db.destroy();
} else {
  const { closeFirestore, openFirestore } = await import('../../../adapters/firestore/firestore-storage');
  const { setFirestoreCallDeadline } = await import('../../../adapters/firestore/firestore-errors');
  const { FirestoreAddressLimitStore } = await import('../../../adapters/firestore/firestore-address-limit-store');
  const { FirestoreLoginAttemptStore } = await import('../../../adapters/firestore/firestore-login-attempt-store');
  setFirestoreCallDeadline(WORKER_FIRESTORE_CALL_DEADLINE_MS);
  const db = openFirestore({ projectId: where });
  attempts = new FirestoreLoginAttemptStore(db);
  limits = new FirestoreAddressLimitStore(db);
  close = () => closeFirestore(db);
}

await readyThenWaitForGo();
const keys = ['email:pat@club.example', 'ip:203.0.113.7'];
const [reservations, hits, holds] = await Promise.all([
  // Wrong-password guesses: the rule lets an attempt through while the address has fewer than 5.
  Promise.all(
    Array.from({ length: count }, () =>
      attempts.reserve({ keys, since: new Date(NOW.getTime() - 15 * 60_000), at: NOW, allow: (history) => history['ip:203.0.113.7'].count < 5 }),
    ),
  ),
  // Booking requests counted in one window.
  Promise.all(Array.from({ length: count }, () => limits.hit('minute:203.0.113.7', 60_000, NOW))),
  // Bookings holding 3 places each under a cap of 20.
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      limits.holdPlaces('places:203.0.113.7', { id: `${prefix}-${i}`, places: 3, until: new Date(NOW.getTime() + 30 * 60_000) }, { max: 20, now: NOW }),
    ),
  ),
]);
await close();
process.stdout.write(
  JSON.stringify({ reserved: reservations.filter((r) => r !== null).length, hitCounts: hits.map((h) => h.hits), held: holds.filter((h) => h.held).length }),
);
