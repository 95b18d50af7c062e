/** What the benchmarks share: the production server as a child process, member addresses, percentiles. */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The production bundle, as `npm run build` writes it and `npm start` runs it. */
export const SERVER_BUNDLE = join(ROOT, 'dist', 'server.mjs');
/** server/container.ts DATABASE_FILE_NAME (not imported: that would load the whole server here). */
export const DATABASE_FILE = 'kyc.sqlite';

/**
 * The environment a benchmarked server runs with: only what is given here, nothing else of this
 * shell's (NODE_OPTIONS, a STORAGE or SEARCH choice) may change what is measured. Production
 * mode on 127.0.0.1 with a port of its own, test payments (the benchmarks measure the app, not a
 * payment provider) and the proxy on 127.0.0.1 trusted: each member's booking comes with an
 * address of its own in X-Forwarded-For, as behind the club's proxy, so the per-address limits
 * keep their defaults and are checked and counted as in production. `extra` adds or overrides.
 */
export function benchServerEnv(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    INITIAL_ADMIN_PASSWORD: 'bench-only-password',
    // What `npm start` sets for the server (glibc malloc settings, ADRs 81 and 84).
    ...startCommand().env,
    ...extra,
  };
}

/**
 * The command `npm start` runs the bundle with (package.json, scripts.start:
 * `... [NAME=value ...] node <flags> dist/server.mjs`): the environment variables it sets (glibc's
 * malloc settings, ADRs 81 and 84) and node's flags, so that the memory, GC and stack-trace
 * settings given there are measured.
 */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const found = /(?:^|&&|;)\s*((?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)node\s+((?:-\S+\s+)*)dist\/server\.mjs\b/.exec(pkg.scripts?.start ?? '');
  if (!found) throw new Error('package.json scripts.start does not run `node ... dist/server.mjs`: the benchmark would not measure what production runs');
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  return {
    env: Object.fromEntries(words(found[1]).map((assignment) => [assignment.slice(0, assignment.indexOf('=')), assignment.slice(assignment.indexOf('=') + 1)])),
    flags: words(found[2]),
  };
}

/** The node flags of `npm start` (startCommand). */
export function startFlags(): string[] {
  return startCommand().flags;
}

/** The environment variables `npm start` sets before node (startCommand), as `NAME=value` words. */
export function startEnvironment(): string[] {
  return Object.entries(startCommand().env).map(([name, value]) => `${name}=${value}`);
}

/**
 * Forks dist/server.mjs with plain node and `execArgv` (a probe preloaded, with an IPC channel);
 * `listening` resolves with its port once it prints the address it listens on, and rejects when
 * it exits before. Standard output is read for the port and otherwise dropped (it shows the first
 * admin's password).
 */
export function startServerBundle(execArgv: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; listening: Promise<number> } {
  const child = fork(SERVER_BUNDLE, [], { cwd: ROOT, execArgv, env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const listening = new Promise<number>((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) => reject(new Error(`dist/server.mjs exited with code ${code} before listening:\n${out}`));
    const onData = (chunk: string) => {
      out += chunk;
      const found = /Listening on http:\/\/[^:\s]+:(\d+)/.exec(out);
      if (found) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.off('exit', onExit);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.setEncoding('utf8').on('data', onData);
    child.on('exit', onExit);
  });
  return { child, listening };
}

/**
 * The n-th booking member's address, in 198.18.0.0/15 (set aside for benchmarks, RFC 2544): only
 * ever a header's value here, never a destination. 131,072 of them before one comes again.
 */
export function memberAddress(n: number): string {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Connections kept alive between requests, as a browser's (close them with `destroy()`). */
export function keptAliveConnections(): Agent {
  return new Agent({ keepAlive: true });
}

/**
 * POSTs a JSON body as a browser's `fetch` would send it (the same headers), on `connections`,
 * and answers the status and the body as text: a member's booking, sent by a load generator that
 * costs little CPU. Node's `fetch` costs the bench about 0.5 ms of CPU per request against 0.25 ms
 * for this, and on a 2-core machine the bench's CPU is taken from the servers under test (ADR 59).
 */
export function postJson(url: string, body: unknown, headers: Record<string, string>, connections: Agent): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: connections,
        headers: {
          accept: '*/*',
          'accept-language': '*',
          'accept-encoding': 'gzip, deflate',
          'sec-fetch-mode': 'cors',
          'user-agent': 'node',
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when there is none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** A one-place booking form of a member of the bench, for `POST /api/bookings`. */
export function benchBookingForm(eventId: string, firstName: string, n: number) {
  return {
    eventId,
    firstName,
    lastName: `Sailor ${n}`,
    numberAttending: 1,
    numberOfChildren: 0,
    numberOfSoftDrinks: 0,
    numberOfVegetarian: 0,
    boatName: '',
    email: '',
  };
}
