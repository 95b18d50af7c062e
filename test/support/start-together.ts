import { spawn } from 'node:child_process';
import { processReport } from './process-report';

/**
 * Processes that race (server instances on one database) start their work at one moment: each
 * worker opens its storage, says it is ready and waits; once every one is ready the test tells
 * them all to go. This used to be a moment agreed in advance (4 or 6 s ahead), which each race
 * waited out in full on a quiet machine and which a busy one could miss (a worker still starting
 * when the others had begun).
 */
const READY = 'kyc-worker-ready\n';

/** In a racing worker, once it is ready: tells the test so (on stderr) and waits for its go (a line on stdin). */
export function readyThenWaitForGo(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('data', () => {
      process.stdin.destroy();
      resolve();
    });
    process.stderr.write(READY);
  });
}

/**
 * Runs `node <args>` for each worker, tells them all to go once every one is ready, and answers
 * their standard outputs in order; rejects with a worker's error output when one fails or outlives `timeoutMs`.
 */
export async function runTogether(workers: { args: string[]; env?: NodeJS.ProcessEnv }[], timeoutMs: number): Promise<string[]> {
  let ready = 0;
  const children = workers.map(({ args, env }) => spawn(process.execPath, args, { env: env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] }));
  // A hang guard (ADR 10): a worker still running after `timeoutMs` is described, then stopped.
  const reports: (string | undefined)[] = children.map(() => undefined);
  const guard = setTimeout(() => {
    for (const [i, child] of children.entries()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      reports[i] = processReport(child.pid);
      child.kill('SIGTERM');
    }
  }, timeoutMs);
  const goWhenAllReady = () => {
    ready += 1;
    if (ready === children.length) for (const child of children) child.stdin.end('go\n');
  };
  return Promise.all(
    children.map(
      (child, i) =>
        new Promise<string>((resolve, reject) => {
          let stdout = '';
          let stderr = '';
          let saidReady = false;
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk.toString('utf8');
            if (!saidReady && stderr.includes(READY)) {
              saidReady = true;
              stderr = stderr.replace(READY, '');
              goWhenAllReady();
            }
          });
          child.once('error', reject);
          child.once('close', (code, signal) => {
            if (code === 0) return resolve(stdout);
            // The others would wait for a go that never comes.
            for (const other of children) if (other !== child) other.kill();
            const report = reports[i] === undefined ? '' : `\nstill running after ${timeoutMs / 1000} s, then stopped:\n${reports[i]}`;
            reject(new Error(`Worker ${i + 1} (${workers[i].args.join(' ')}) ended with ${signal ?? `exit code ${code}`}:\n${stderr}${report}`));
          });
        }),
    ),
  ).finally(() => clearTimeout(guard));
}
