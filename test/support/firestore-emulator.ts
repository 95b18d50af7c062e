import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { freePort, withFreshPortOnClash } from './free-port';

/** A running Firestore emulator, for one test file. */
export interface FirestoreEmulator {
  /** host:port, the value for FIRESTORE_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** Deletes every document of the project. */
  reset(): Promise<void>;
  /** Stops the emulator and every process it started (the Java server too). */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
const INSTALL_HINT =
  'The Firestore tests need the Google Cloud CLI and its Firestore emulator: install the CLI ' +
  '(https://cloud.google.com/sdk/docs/install), then `gcloud components install cloud-firestore-emulator` ' +
  '(or `apt-get install google-cloud-cli-firestore-emulator`), and Java 11 or later.';

/**
 * Starts `gcloud emulators firestore start` on a free port of 127.0.0.1, in its own process
 * group so that stop() ends the Java server it launches as well, and waits until it answers.
 * Throws (never skips) when the emulator is not installed or does not come up.
 * Project ids starting with `demo-` are never real projects, so nothing can reach production.
 */
export async function startFirestoreEmulator(projectId = 'demo-kyc-test'): Promise<FirestoreEmulator> {
  return withFreshPortOnClash(() => startOnce(projectId));
}

async function startOnce(projectId: string): Promise<FirestoreEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const child = spawn('gcloud', ['emulators', 'firestore', 'start', `--host-port=${host}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
  });
  let output = '';
  const logFile = process.env.FIRESTORE_EMULATOR_LOG_DIR ? emulatorLogFile(process.env.FIRESTORE_EMULATOR_LOG_DIR, port) : undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
    if (logFile) appendFileSync(logFile, `${new Date().toISOString()} ${chunk.toString('utf8')}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The emulator must not keep the test process alive: when that process ends, so does the emulator.
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('exit', (code) => resolve({ code }));
  });
  // Should the test process die without calling stop(), the emulator must not outlive it.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const fail = async (reason: string): Promise<never> => {
    killOnExit();
    process.removeListener('exit', killOnExit);
    throw new Error(`${reason}\n${INSTALL_HINT}\nEmulator output:\n${output.trim() || '(none)'}`);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let done: { code: number | null; error?: Error } | undefined;
  void exited.then((result) => {
    done = result;
  });
  for (;;) {
    if (done) {
      if (done.error && (done.error as NodeJS.ErrnoException).code === 'ENOENT') {
        return fail('The Firestore emulator could not start: the `gcloud` command was not found.');
      }
      return fail(`The Firestore emulator stopped before it answered (exit code ${done.code}${done.error ? `, ${done.error.message}` : ''}).`);
    }
    const answer = await answers(host);
    if (answer === 'emulator') break;
    if (answer === 'other') return fail(`The port ${port} answered as something else, not as the Firestore emulator.`);
    if (Date.now() > deadline) return fail(`The Firestore emulator did not answer on ${host} within ${START_TIMEOUT_MS / 1000} s.`);
    await sleep(250);
  }

  return {
    host,
    projectId,
    reset: () => deleteDocuments(host, projectId),
    async stop() {
      process.removeListener('exit', killOnExit);
      killGroup(child, 'SIGTERM');
      const gone = await groupGoneWithin(child, 10_000);
      if (!gone) {
        killGroup(child, 'SIGKILL');
        await groupGoneWithin(child, 5_000);
      }
    },
  };
}

/**
 * A project of its own on an emulator already running at `host` (the test run's, see
 * firestore-global-setup.ts): projects never see each other's documents, so test files share one
 * emulator as they would share one Firestore. reset() empties the project; stop() empties it too
 * and leaves the emulator to the run, which stops it at the end.
 */
export function projectOnEmulator(host: string, projectId: string): FirestoreEmulator {
  return { host, projectId, reset: () => deleteDocuments(host, projectId), stop: () => deleteDocuments(host, projectId) };
}

async function deleteDocuments(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Resetting the Firestore emulator failed: ${response.status} ${await response.text()}`);
}

function emulatorLogFile(dir: string, port: number): string {
  mkdirSync(dir, { recursive: true });
  return `${dir}/firestore-emulator-${port}.log`;
}

/** Whether the emulator answers at `host` yet; 'other' when some other server took the port. */
async function answers(host: string): Promise<'emulator' | 'other' | 'no'> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    // The emulator's root answers exactly "Ok".
    return response.ok && (await response.text()).trim() === 'Ok' ? 'emulator' : 'other';
  } catch {
    return 'no';
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // The negative pid names the whole process group: gcloud, its shell script and Java.
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Waits until no process of the child's group is left. */
async function groupGoneWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.pid === undefined) return true;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return true;
    }
    await sleep(100);
  }
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
