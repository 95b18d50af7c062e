import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqliteJobQueue } from '../../../adapters/sqlite/sqlite-job-queue';
import { REMINDER_ROUND_JOB } from '../../../core/operations/scheduled-work';
import { DATABASE_FILE_NAME } from '../../../server/container';
import { processReport } from '../../support/process-report';
import { tempSqlite } from '../../support/temp-sqlite';
import { WORKER_LIMIT_MS } from '../../support/worker-limits';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// The started servers' data folder, and the SQLite file they make in it.
const database = tempSqlite('kyc-start-', DATABASE_FILE_NAME);
const dataDir = database.dir;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database.close();
});

/**
 * The command `npm start` runs once it has built: node, with its flags, on the built server, and
 * the environment it sets for it (glibc's malloc settings, docs/operations.md#memory).
 */
function npmStartCommand(): { argv: string[]; env: Record<string, string> } {
  const server = join(root, 'dist/server.mjs');
  expect(existsSync(server), 'run `npm run build` first').toBe(true);
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const found = /&& ((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )+)dist\/server\.mjs$/.exec(script);
  const env = Object.fromEntries((found?.[1]?.trim().split(' ').filter(Boolean) ?? []).map((assignment) => assignment.split('=')));
  const flags = found?.[2]?.trim().split(' ') ?? [];
  expect(flags, script).toContain('--max-old-space-size=128');
  expect(env, script).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '8192', MALLOC_TRIM_THRESHOLD_: '65536' });
  return { argv: [process.execPath, ...flags, server], env };
}

/** Starts what `npm start` runs (the built server under its flags), on a free port. */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; port: number }> {
  const {
    argv: [command, ...args],
    env: startEnv,
  } = npmStartCommand();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...startEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve, reject) => {
    // A hang guard, not a measure (ADR 10). Two CI runs printed the refusal of bad settings, then
    // saw no exit (one within 30 s, the other within 500 s) when this ran `tsx server/main.ts`;
    // it now runs what `npm start` runs, and says what the process was doing if it happens again.
    const timer = setTimeout(
      () => reject(new Error(`no "Listening" within ${WORKER_LIMIT_MS / 1000} s:\n${text}\n${processReport(child.pid)}`)),
      WORKER_LIMIT_MS,
    );
    const check = () => {
      const match = /Listening on http:\/\/localhost:(\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output: () => text, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code ?? signal}:\n${text}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('npm start on an empty data directory', () => {
  it('seeds the demo data, prints the first admin once and listens; a restart prints no password', async () => {
    const first = await start({});
    const out = first.output();
    expect(out).toContain('e-mail:   admin@kestrel-yc.example');
    const password = /password: (\S+)/.exec(out)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const base = `http://127.0.0.1:${first.port}`;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const events = (await (await fetch(`${base}/api/events`)).json()) as { events: unknown[] };
    expect(events.events.length).toBeGreaterThan(0);
    const login = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
      body: JSON.stringify({ email: 'admin@kestrel-yc.example', password }),
    });
    expect(login.status).toBe(200);
    const { admin } = (await login.json()) as { admin: { permissions: string[] } };
    expect(admin.permissions.sort()).toEqual([
      'admins:manage',
      'audit:read',
      'bookings:read',
      'bookings:write',
      'content:write',
      'duties:write',
      'events:read',
      'events:write',
      'members:write',
      'privacy:manage',
      'workdays:write',
    ]);
    await stop(first.child);
    // The process ran the scheduled jobs itself: the reminders' round ran and is due again.
    const db = await openSqliteDatabase(database.file);
    try {
      expect(await new SqliteJobQueue(db).get(REMINDER_ROUND_JOB)).toMatchObject({ status: 'pending', doneAt: expect.any(String), lastError: null });
    } finally {
      await db.destroy();
    }

    const second = await start({});
    expect(second.output()).not.toContain('password:');
    expect(second.output()).not.toContain(password);
    await stop(second.child);
  });

  it('refuses to start with bad settings, listing every bad key', async () => {
    await expect(start({ PORT: 'x', STORAGE: 'firestore', PAYMENTS_TEST_HOOK: 'true', NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' })).rejects.toThrow(
      /exited with 1:\nInvalid configuration:\n {2}- PORT: must be a whole number \(got "x"\)\n {2}- PAYMENTS_TEST_HOOK: must not be true when NODE_ENV=production\n {2}- FIRESTORE_PROJECT_ID: is required with STORAGE=firestore/,
    );
  });
});

describe('npm start as it runs the built server', () => {
  // better-sqlite3 12 built against Node 24.19+ headers aborted the process here ("Assertion
  // failed: (env) != nullptr" in a Statement's finalizer, on a garbage collection outside any
  // JavaScript), before it listened; under tsx it did not show.
  it("serves under npm start's own node flags and stays up", async () => {
    const folder = tempSqlite('kyc-start-built-', DATABASE_FILE_NAME);
    const dir = folder.dir;
    try {
      const app = await start({ DATA_DIR: dir });
      const base = `http://127.0.0.1:${app.port}`;
      for (let round = 0; round < 20; round++) {
        for (const path of ['/', '/calendar', '/api/events']) expect((await fetch(`${base}${path}`)).status, path).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect({ code: app.child.exitCode, signal: app.child.signalCode }, app.output()).toEqual({ code: null, signal: null });
      await stop(app.child);
    } finally {
      await folder.close();
    }
  });
});

describe('npm start in production', () => {
  it('refuses PAYMENTS=test (the default) unless ALLOW_TEST_PAYMENTS=true, naming the choice', async () => {
    const folder = tempSqlite('kyc-start-prod-', DATABASE_FILE_NAME);
    const dir = folder.dir;
    try {
      await expect(start({ NODE_ENV: 'production', DATA_DIR: dir })).rejects.toThrow(
        /exited with 1:\nInvalid configuration:\n {2}- PAYMENTS: is test \(the default\) with NODE_ENV=production.*PAYMENTS=square.*ALLOW_TEST_PAYMENTS=true/,
      );
      await expect(start({ NODE_ENV: 'production', PAYMENTS: 'test', DATA_DIR: dir })).rejects.toThrow(/ALLOW_TEST_PAYMENTS=true/);
    } finally {
      await folder.close();
    }
  });

  it('refuses TRUST_PROXY=true', async () => {
    await expect(start({ TRUST_PROXY: 'true' })).rejects.toThrow(/exited with 1:\nInvalid configuration:\n {2}- TRUST_PROXY: must not be true/);
  });

  it('writes the first admin password to an owner-only file, not to the log, and seeds no demo data', async () => {
    const folder = tempSqlite('kyc-start-prod-', DATABASE_FILE_NAME);
    const dir = folder.dir;
    try {
      const server = await start({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', DATA_DIR: dir });
      const out = server.output();
      const file = join(dir, 'initial-admin-password.txt');
      expect(out).toContain(`password: in ${file}`);
      const text = readFileSync(file, 'utf8');
      const password = /password: (\S+)/.exec(text)?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(out).not.toContain(password);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const events = await fetch(`http://127.0.0.1:${server.port}/api/events`);
      expect(((await events.json()) as { events: unknown[] }).events).toEqual([]);
      await stop(server.child);
    } finally {
      await folder.close();
    }
  });
});
