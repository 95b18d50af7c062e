import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processReport } from '../process-report';
import { runTogether } from '../start-together';

/** The hang guards' reports: what a CI failure would tell whoever reads it. */
const dir = mkdtempSync(join(tmpdir(), 'kyc-hang-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a hang report', () => {
  it("names a waiting process's command, its state and each thread's, and the processes it started", async () => {
    const parent = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      // The shell has started its child once /proc lists it as a process of its own (the shell's
      // own command line names "sleep 30" too, so that alone says nothing; the limit only catches
      // a hang: 120 s).
      const child = /\n {2}process \d+: sleep 30 \(/;
      let report = '';
      for (let tries = 0; tries < 4_800 && !child.test(report); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        report = processReport(parent.pid);
      }
      expect(report).toMatch(new RegExp(`^process ${parent.pid}: sh -c sleep 30 & wait \\(State: [A-Z] \\(`));
      expect(report).toMatch(/\n {2}thread \d+ sh [A-Z] \S+/);
      expect(report).toMatch(/\n {2}process \d+: sleep 30 \(State: [A-Z] \(/);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('says a process that has ended is gone, and that none was given', () => {
    expect(processReport(2 ** 22 + 1)).toBe(`process ${2 ** 22 + 1}: gone`);
    expect(processReport(undefined)).toBe('no process id');
  });

  it('comes with the error of a racing worker that outlived its limit', async () => {
    const worker = join(dir, 'stuck-worker.mjs');
    writeFileSync(worker, "process.stderr.write('kyc-worker-ready\\n'); setInterval(() => {}, 1000);\n");
    const error = await runTogether([{ args: [worker] }], 1_000).then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toMatch(
      /^Worker 1 \(.*stuck-worker\.mjs\) ended with SIGTERM:\n\nstill running after 1 s, then stopped:\nprocess \d+: \S*node .*stuck-worker\.mjs \(State: [A-Z] \(/,
    );
  });
});
