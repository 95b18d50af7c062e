import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../../../adapters/sqlite/sqlite-database';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import { aBooking, anUnpaidBooking } from '../../../support/entities';
import { runCheckPlaces } from '../../../../scripts/check-places';
import { runHere } from '../../../support/command-output';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

describe('npm run check-places', () => {
  let dataDir: string;
  // The command in this process (the same function the command line runs), what it prints and its
  // exit code; one test below launches the real command line.
  const checkPlaces = (...args: string[]) => runHere((print) => runCheckPlaces(args, { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }, print));
  const commandLine = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    run(tsx, ['scripts/check-places.ts', ...args], { env: { ...process.env, ...env, NODE_ENV: 'test' }, timeout: 500_000 }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kyc-check-places-'));
    const db = await openSqliteDatabase(join(dataDir, 'kyc.sqlite'));
    const bookings = new SqliteBookingRepository(db);
    // Made "now", so the unpaid hold still holds when the command runs.
    const now = new Date();
    await bookings.addIfPlacesRemain(aBooking({ id: 'a', numberAttending: 3, submittedAt: now.toISOString() }), { capacity: 20, now });
    await bookings.addIfPlacesRemain(anUnpaidBooking({ id: 'b', numberAttending: 2, submittedAt: now.toISOString() }), { capacity: 20, now });
    await db.destroy();
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says the ledgers agree, then names a damaged one, repairs it on request, and agrees again', async () => {
    const clean = await checkPlaces();
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('Every event’s places ledger agrees with its bookings.');

    const raw = new Database(join(dataDir, 'kyc.sqlite'));
    raw.prepare(`UPDATE places_ledgers SET confirmed = 7 WHERE eventId = 'summer-regatta'`).run();
    raw.close();

    const damaged = await checkPlaces();
    expect(damaged.code).toBe(1);
    expect(damaged.stdout).toContain('summer-regatta: ledger 7 confirmed + 2 held; bookings 3 confirmed + 2 held');
    expect(damaged.stdout).toContain('npm run check-places -- --repair');

    const repaired = await checkPlaces('--repair');
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain('Rebuilt those ledgers from the bookings.');
    expect((await checkPlaces()).stdout).toContain('Every event’s places ledger agrees with its bookings.');
  });

  it('refuses an unknown option and a missing database with a clear message', async () => {
    const unknown = await checkPlaces('--fix');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Usage: npm run check-places [-- --repair]');
    const empty = mkdtempSync(join(tmpdir(), 'kyc-check-places-empty-'));
    try {
      const missing = await commandLine({ DATA_DIR: empty });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No database at');
      // The command line exits 0 and prints the same words when every ledger agrees.
      const clean = await commandLine({ DATA_DIR: dataDir });
      expect(clean.code).toBe(0);
      expect(clean.stdout).toContain('Every event’s places ledger agrees with its bookings.');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
