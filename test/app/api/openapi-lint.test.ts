import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/api/test-app';

/** The Redocly CLI's own entry point, run with this Node (no npx, no download). */
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

/** `redocly lint --extends=recommended` on a file, read through its JSON report. */
function redoclyLint(file: string, cwd: string): Promise<LintReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--extends=recommended', '--format=json', '--max-problems=10000', file],
      {
        // In an empty directory, so no redocly.yaml of the machine changes the rules; and
        // without usage data or the update check, so nothing leaves this machine.
        cwd,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
      // The CLI exits 1 when it finds errors; its report on stdout says which.
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(new Error(`redocly lint gave no report (${error?.message ?? 'exit 0'}): ${stderr}`));
        }
      },
    );
  });
}

// The document does not depend on the storage: one run, on SQLite, is enough.
describe.skipIf(process.env.API_TEST_STORAGE === 'firestore')("OpenAPI document against Redocly's recommended rules", () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    app = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'kyc-openapi-lint-'));
  });
  afterAll(async () => {
    await app.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no errors (warnings are reported, not failed)', async () => {
    const res = await app.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(res.body, null, 2));

    const report = await redoclyLint(file, dir);
    const listed = (severity: 'error' | 'warn') =>
      report.problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    const warnings = listed('warn');
    console.info(`redocly lint --extends=recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings\n  ${warnings.join('\n  ')}`);
    expect(listed('error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});
