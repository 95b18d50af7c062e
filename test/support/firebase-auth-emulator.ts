import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, withFreshPortOnClash } from './free-port';

const ROOT = resolve(import.meta.dirname, '../..');
const FIREBASE_BIN = join(ROOT, 'node_modules/.bin/firebase');
const READY_TIMEOUT_MS = 90_000;

export interface FirebaseAuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** The Identity Toolkit REST base of this emulator. */
  identityToolkitUrl: string;
  /** Deletes every user (between tests). */
  clearUsers(): Promise<void>;
  /** Stops the emulator (its whole process group) and restores FIREBASE_AUTH_EMULATOR_HOST. */
  stop(): Promise<void>;
}

async function isReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

/**
 * Starts the real Firebase Authentication emulator (firebase-tools) for a demo project, offline,
 * on free ports, in its own process group, and waits until it answers. While it runs,
 * FIREBASE_AUTH_EMULATOR_HOST points firebase-admin at it; `stop()` puts the old value back.
 */
export async function startFirebaseAuthEmulator(projectId = 'demo-kyc'): Promise<FirebaseAuthEmulator> {
  return withFreshPortOnClash(() => startOnce(projectId));
}

async function startOnce(projectId: string): Promise<FirebaseAuthEmulator> {
  if (!existsSync(FIREBASE_BIN)) {
    throw new Error(
      'firebase-tools is not installed, so the Firebase Authentication emulator cannot start. ' +
        'Run `npm install` (firebase-tools is a dev dependency) and try again.',
    );
  }
  if (!projectId.startsWith('demo-')) throw new Error('Use a demo- project id: the emulator then never reaches Google');

  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'kyc-auth-emulator-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const output: string[] = [];
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Offline and quiet: no update check, no analytics prompt, no browser.
      NO_UPDATE_NOTIFIER: '1',
      CI: 'true',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      BROWSER: 'none',
      XDG_CONFIG_HOME: join(dir, 'config'),
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const host = `127.0.0.1:${port}`;
  let stopped = false;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stopProcess = async () => {
    if (stopped) return;
    stopped = true;
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
    // The CLI may leave the emulator's own child behind for a moment.
    killGroup('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isReady(host))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stopProcess();
      throw new Error(`The Firebase Authentication emulator did not start:\n${output.join('').slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return {
    host,
    projectId,
    identityToolkitUrl: `http://${host}/identitytoolkit.googleapis.com/v1`,
    async clearUsers() {
      const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, {
        method: 'DELETE',
        headers: { authorization: 'Bearer owner' },
      });
      if (!response.ok) throw new Error(`Could not clear the emulator's users: ${response.status}`);
    },
    async stop() {
      if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
      await stopProcess();
    },
  };
}
