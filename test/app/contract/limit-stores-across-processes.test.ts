import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreEmulator } from '../../support/firestore-emulator';
import { startFileEmulator } from '../../support/firestore-emulator-for-file';
import { WORKER_LIMIT_MS, WORKER_TEST_TIMEOUT_MS } from '../../support/worker-limits';
import { withTempSqlite } from '../../support/temp-sqlite';
import { runTogether } from '../../support/start-together';

/**
 * The sign-in and booking limits hold across server instances, not only within one: three
 * processes race on one SQLite file, then on one Firestore emulator, each sending 40 wrong-password
 * guesses, 40 booking requests and 40 three-place holds, all starting together.
 */
const PROCESSES = ['p1', 'p2', 'p3'];
const EACH = 40;
const worker = fileURLToPath(new URL('../../support/contract/limit-store-worker.ts', import.meta.url));

async function race(storage: 'sqlite' | 'firestore', where: string, env: NodeJS.ProcessEnv = process.env) {
  const outputs = await runTogether(
    PROCESSES.map((prefix) => ({ args: ['--import', 'tsx', worker, storage, where, String(EACH), prefix], env })),
    WORKER_LIMIT_MS,
  );
  return outputs.map((stdout) => JSON.parse(stdout) as { reserved: number; hitCounts: number[]; held: number });
}

function expectLimitsHeld(reports: { reserved: number; hitCounts: number[]; held: number }[]) {
  // At most 5 guesses checked in all, whichever process sent them.
  expect(reports.reduce((sum, r) => sum + r.reserved, 0)).toBe(5);
  // Every request counted once: the counts seen are exactly 1..120, none lost, none repeated.
  expect(reports.flatMap((r) => r.hitCounts).sort((a, b) => a - b)).toEqual(Array.from({ length: PROCESSES.length * EACH }, (_, i) => i + 1));
  // 20 places at most: six holds of 3.
  expect(reports.reduce((sum, r) => sum + r.held, 0)).toBe(6);
}

describe('sign-in and booking limits across server processes', () => {
  let emulator: FirestoreEmulator | undefined;
  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION = 'none';
    emulator = await startFileEmulator();
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  it(
    'hold on one SQLite file shared by 3 processes',
    async () => {
      await withTempSqlite(async (sqlite) => {
        // Migrated once before the race, as the server does at start.
        await (await sqlite.open()).destroy();
        expectLimitsHeld(await race('sqlite', sqlite.file));
      }, 'kyc-limits-');
    },
    WORKER_TEST_TIMEOUT_MS,
  );

  it(
    'hold on one Firestore emulator shared by 3 processes',
    async () => {
      if (!emulator) throw new Error('The Firestore emulator did not start');
      await emulator.reset();
      expectLimitsHeld(await race('firestore', emulator.projectId, { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host }));
    },
    WORKER_TEST_TIMEOUT_MS,
  );
});
