import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, FIRESTORE_CALL_DEADLINE_MS, setFirestoreCallDeadline } from '../../../adapters/firestore/firestore-errors';
import { closeFirestore, firestoreRepositories, openFirestore } from '../../../adapters/firestore/firestore-storage';
import { UnavailableError } from '../../../core/shared/errors';
import { markPaidByCard } from '../../support/card-payment';

/**
 * A database that takes the connection and never answers (a stalled network, an overloaded
 * server): every Firestore call ends with the core's UnavailableError at the deadline, so a
 * member's request gets a clear answer instead of hanging.
 */
let silent: Server;
const sockets: Socket[] = [];
let connected: Promise<void>;
let host: string;
const saved = { emulator: process.env.FIRESTORE_EMULATOR_HOST, metadata: process.env.METADATA_SERVER_DETECTION };

beforeAll(async () => {
  let onConnection = () => undefined as void;
  connected = new Promise((resolve) => {
    onConnection = resolve;
  });
  silent = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    onConnection();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  process.env.METADATA_SERVER_DETECTION = 'none';
  setFirestoreCallDeadline(500);
});

afterAll(async () => {
  setFirestoreCallDeadline(FIRESTORE_CALL_DEADLINE_MS);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  if (saved.emulator === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = saved.emulator;
  if (saved.metadata === undefined) delete process.env.METADATA_SERVER_DETECTION;
  else process.env.METADATA_SERVER_DETECTION = saved.metadata;
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('Firestore calls against a database that never answers', () => {
  it('end with "database busy or out of reach" at the deadline: reads, queries, writes and transactions', async () => {
    const db = openFirestore({ projectId: 'demo-kyc-deadline' });
    try {
      const { events, bookings, waterLevels } = firestoreRepositories(db);
      const calls = [
        events.get('regatta'),
        events.list({ order: 'asc' }),
        waterLevels.readings('2026-01-01', '2026-02-01'),
        bookings.findByCheckoutId('chk-1'),
        markPaidByCard(bookings, 'bk-1', { paymentId: 'p', paymentCompletedAt: '2026-06-01T09:00:00.000Z' }),
      ];
      for (const error of await Promise.all(calls.map(rejection))) {
        expect(error).toBeInstanceOf(UnavailableError);
        expect((error as Error).message).toBe(DATABASE_UNAVAILABLE);
      }
      // The client does reach the server (now or, on a busy machine, after the deadline): it is
      // the deadline, not a refused connection, that ends the calls.
      await connected;
    } finally {
      await closeFirestore(db).catch(() => undefined);
    }
  });

  it('refuses a deadline that is not a positive whole number of milliseconds', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => setFirestoreCallDeadline(bad)).toThrow(/positive whole number/);
  });
});
