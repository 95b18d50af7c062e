/**
 * Sign-in code requests: how long the answer takes for a member on the list and for a stranger
 * (no enumeration by timing, docs/member-sign-in.md). Part of `npm run bench`, after the load benchmark; alone:
 * `tsx bench/sign-in-timing.ts`. The app is built in this process on a temporary SQLite file and
 * served on 127.0.0.1; requests alternate member and stranger so that a change of machine load
 * weighs on both alike. The rule itself (no per-member work before the answer) is tested call by
 * call in test/features/member-sign-in/unit/request-sign-in-code.test.ts; this prints the figures.
 *
 * Environment: BENCH_SIGN_IN_REQUESTS (requests of each kind, default 200).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { listenLocally } from '../server/http/http-server';

const REQUESTS = Number(process.env.BENCH_SIGN_IN_REQUESTS ?? '200');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-bench-sign-in-'));
  // Each request comes from an address of its own (through the trusted proxy header), so the
  // per-address limit never refuses one: every answer is a full one, as below the limits.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', TRUST_PROXY: '1' });
  const built = await buildApp(config);
  const { baseUrl, stop } = await listenLocally((req, res) => built.app(req, res));
  try {
    const members = built.ports.get('members');
    const now = new Date().toISOString();
    for (let i = 0; i < REQUESTS; i += 1) {
      await members.create({
        id: `bench-member-${i}`,
        name: `Bench Member ${i}`,
        email: `member${i}@example.org`,
        membershipType: 'Adult',
        renewalDate: '2099-12-31',
        disabled: false,
        createdAt: now,
        updatedAt: now,
      });
    }
    let addresses = 0;
    const ask = async (email: string): Promise<number> => {
      addresses += 1;
      const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch', 'x-forwarded-for': `10.8.${addresses >> 8}.${addresses & 255}` };
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/member/sign-in/code`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`POST /api/member/sign-in/code answered ${res.status}`);
      return performance.now() - started;
    };
    // Warm-up: the first requests compile the routes.
    for (let i = 0; i < 10; i += 1) await ask(`warm${i}@example.org`);
    const member: number[] = [];
    const stranger: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      if (i % 2 === 0) {
        member.push(await ask(`member${i}@example.org`));
        stranger.push(await ask(`stranger${i}@example.org`));
      } else {
        stranger.push(await ask(`stranger${i}@example.org`));
        member.push(await ask(`member${i}@example.org`));
      }
    }
    console.log(`== Sign-in code requests (SQLite, ${REQUESTS} of each, alternating, 127.0.0.1)`);
    console.log(`   member:   median ${median(member).toFixed(2)} ms, p95 ${p95(member).toFixed(2)} ms`);
    console.log(`   stranger: median ${median(stranger).toFixed(2)} ms, p95 ${p95(stranger).toFixed(2)} ms`);
    console.log(`   ratio member / stranger (median): ${(median(member) / median(stranger)).toFixed(2)}`);
  } finally {
    await stop();
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
