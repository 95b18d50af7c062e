import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { setLogFunction } from 'firebase-admin/firestore';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import request from 'supertest';
import { inject } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { ScryptPasswordHasher } from '../../../adapters/node-crypto/scrypt-password-hasher';
import { PERMISSIONS, type Admin, type Permission } from '../../../core/admins/admin';
import type { ClubEvent } from '../../../core/events/event';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { listenLocally } from '../../../server/http/http-server';
import { DATABASE_FILE_NAME, type Adapters } from '../../../server/container';
import { anEvent as completeEvent } from '../entities';
import { tempSqlite, type TempSqlite } from '../temp-sqlite';
import { NO_ADDRESS_LIMITS } from '../address-limits';

export const NOW = '2026-06-01T09:00:00.000Z';

/**
 * No single request to the test app takes this long unless it hangs: it then fails with an error
 * naming the request (and, in a property, the input) instead of the test timing out unexplained.
 * A request may wait behind others for its turn (100 concurrent sign-ins on Firestore are checked
 * one at a time per e-mail and address: 11 s in all on a quiet machine, over 30 s with both cores
 * loaded many times over), so the limit stays below vitest's 120 s but well above such a queue.
 */
export const REQUEST_DEADLINE_MS = 90_000;

/**
 * fast-check options for properties whose every run is a request to a server. A failure is
 * reported at once with the seed and path to replay it, without shrinking: shrinking re-sends
 * a request per step, and on a busy machine that outlasted the test timeout and hid the failure
 * behind "Test timed out" (a Firestore 500 that took seconds per request did exactly that).
 * Replaying with `{ seed, path }` and without `endOnFailure` shrinks the case locally.
 */
export function serverProperty(numRuns: number): { numRuns: number; endOnFailure: true } {
  return { numRuns, endOnFailure: true };
}
export const PASSWORD = 'correct-horse-battery';

export interface TestApp {
  built: BuiltApp;
  config: AppConfig;
  dataDir: string;
  clock: FixedClock;
  /** A supertest agent that keeps cookies, like a browser. */
  agent(): TestAgent;
  /** Where the app's HTTP server listens (http://127.0.0.1:port), for raw requests. */
  baseUrl: string;
  /** Closes the app (the data directory stays until `dispose`). */
  close(): Promise<void>;
  /** Builds the app again on the same database file, as a restart would. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
  get<K extends keyof Adapters>(name: K): Adapters[K];
}

let firestoreApps = 0;

/**
 * The storage the suite runs on: SQLite, or (the `api-firestore` vitest project) the real
 * Firestore emulator started by test/support/firestore-global-setup.ts. Each app gets its own
 * collection prefix, so apps never see each other's data and a restart finds its own again.
 */
function storageEnv(): Record<string, string> {
  if (process.env.API_TEST_STORAGE !== 'firestore') return {};
  const host = inject('firestoreEmulatorHost');
  process.env.FIRESTORE_EMULATOR_HOST = host;
  // No Google metadata server is asked for credentials: nothing leaves 127.0.0.1.
  process.env.METADATA_SERVER_DETECTION = 'none';
  firestoreApps += 1;
  logFirestoreClient();
  return { STORAGE: 'firestore', FIRESTORE_PROJECT_ID: 'demo-kyc-api', FIRESTORE_COLLECTION_PREFIX: `t${process.pid}_${firestoreApps}_` };
}

/** With REQUEST_LOG_DIR set, every request's start and end go to a file per test process (to find one that never ends). */
function traced(app: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  const dir = process.env.REQUEST_LOG_DIR;
  if (!dir) return app;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `requests-${process.pid}.log`);
  let n = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    n += 1;
    const id = n;
    appendFileSync(file, `${new Date().toISOString()} start ${id} ${req.method} ${(req.url ?? '').slice(0, 300)} (${(req.url ?? '').length})\n`);
    res.on('close', () => appendFileSync(file, `${new Date().toISOString()} end ${id} ${res.statusCode}\n`));
    return app(req, res);
  };
  return handler;
}

let clientLogged = false;

/** With FIRESTORE_CLIENT_LOG_DIR set, the Firestore client's own request log goes to a file per test process. */
function logFirestoreClient(): void {
  const dir = process.env.FIRESTORE_CLIENT_LOG_DIR;
  if (!dir || clientLogged) return;
  clientLogged = true;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `firestore-client-${process.pid}.log`);
  setLogFunction((line) => appendFileSync(file, `${line}\n`));
}

/**
 * The app on a fresh temporary SQLite file (or Firestore, see storageEnv), with a fixed clock and a quick password hash so the
 * tests stay fast. Nothing is seeded unless asked.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; adapters?: Partial<Adapters>; build?: BuildAppOptions; dataDir?: string } = {},
): Promise<TestApp> {
  // The data folder, with the SQLite file the app opens in it (unless the storage is Firestore).
  const data = options.dataDir === undefined ? tempSqlite('kyc-api-', DATABASE_FILE_NAME) : undefined;
  const dataDir = options.dataDir ?? (data as TempSqlite).dir;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...NO_ADDRESS_LIMITS,
    ...storageEnv(),
    ...options.env,
  });
  if (data && config.adapters.storage === 'sqlite') await data.migrated();
  const clock = new FixedClock(NOW);
  const adapters: Partial<Adapters> = { clock, hasher: new ScryptPasswordHasher({ N: 1024 }), ...options.adapters };
  const holder: { built: BuiltApp } = { built: await buildApp(config, { ...options.build, adapters }) };
  // The app's own HTTP server (as npm start runs it), so requests Node refuses before Express
  // are answered as in production; it serves whichever app is current across restarts.
  const { baseUrl, stop: stopServer } = await listenLocally(traced((req, res) => holder.built.app(req, res)));
  const testApp: TestApp = {
    get built() {
      return holder.built;
    },
    config,
    dataDir,
    clock,
    agent: () => request.agent(baseUrl).timeout({ deadline: REQUEST_DEADLINE_MS }),
    baseUrl,
    close: async () => {
      await stopServer();
      await holder.built.close();
    },
    restart: async () => {
      await holder.built.close();
      holder.built = await buildApp(config, { ...options.build, adapters: { ...adapters, clock } });
    },
    dispose: async () => {
      await stopServer().catch(() => undefined);
      await holder.built.close().catch(() => undefined);
      if (data) await data.close();
      else rmSync(dataDir, { recursive: true, force: true });
    },
    get: (name) => holder.built.ports.get(name),
  };
  return testApp;
}

/** Runs `use` on an app of its own (startTestApp's options), disposed of afterwards whatever happens. */
export async function withTestApp<T>(options: Parameters<typeof startTestApp>[0], use: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp(options);
  try {
    return await use(app);
  } finally {
    await app.dispose();
  }
}

/** Stores an admin with a sign-in account; returns the record. */
export async function addAdmin(app: TestApp, email: string, permissions: readonly Permission[] = PERMISSIONS, password = PASSWORD): Promise<Admin> {
  const user = await app.get('identity').createUser({ email, password, displayName: email });
  const admin: Admin = {
    uid: user.uid,
    email,
    name: `Admin ${email.split('@')[0]}`,
    role: 'admin',
    permissions: [...permissions],
    disabled: false,
    createdAt: NOW,
  };
  await app.get('admins').create(admin);
  return admin;
}

/** Signs in through the API; the agent keeps the session cookie. */
export async function signIn(agent: TestAgent, email: string, password = PASSWORD): Promise<void> {
  const response = await agent.post('/api/admin/session').set('X-Requested-With', 'fetch').send({ email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Two agents signed in as this admin, each with a session of its own: the admin's laptop and phone. */
export async function laptopAndPhone(app: TestApp, email: string): Promise<{ laptop: TestAgent; phone: TestAgent }> {
  const laptop = app.agent();
  const phone = app.agent();
  await signIn(laptop, email);
  await signIn(phone, email);
  return { laptop, phone };
}

/** An agent signed in as a new admin with these permissions (all of them unless told). */
export async function signedInAdmin(app: TestApp, email: string, permissions?: readonly Permission[]): Promise<TestAgent> {
  await addAdmin(app, email, permissions);
  const agent = app.agent();
  await signIn(agent, email);
  return agent;
}

let eventCounter = 0;

/** An event stored directly, open for booking unless told otherwise. */
export async function addEvent(app: TestApp, fields: Partial<ClubEvent> = {}): Promise<ClubEvent> {
  eventCounter += 1;
  const event: ClubEvent = completeEvent({
    id: `event-${eventCounter}`,
    name: `Test event ${eventCounter}`,
    description: 'Short description',
    longdescription: 'A longer description',
    eventdatetime: '2026-07-04T10:00:00.000Z',
    bookingEndDate: null,
    isBoatEvent: false,
    offerSoftDrinks: true,
    requiresPayment: false,
    price: 0,
    capacity: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  });
  await app.get('events').create(event);
  return event;
}

export const FETCH = { 'X-Requested-With': 'fetch' } as const;

/** POSTs this body as the app's own pages do (with the fetch header), as this agent. */
export const postFetch = (agent: TestAgent, path: string, body: object = {}) => agent.post(path).set(FETCH).send(body);
