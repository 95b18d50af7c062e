import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_SWEEP_ROUND_JOB } from '../../../../core/operations/scheduled-work';
import { eventually } from '../../../support/eventually';
import { startTestApp, type TestApp } from '../../../support/api/test-app';

// Runs on SQLite (project default) and on the Firestore emulator (project api-firestore).
let app: TestApp;
beforeAll(async () => {
  // The server's own job runner, with short rounds: the sweep runs as in production.
  app = await startTestApp({ build: { jobRoundMs: 50 } });
});
afterAll(async () => {
  await app.dispose();
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('the scheduled sign-in sweep', () => {
  it('removes expired sign-in codes, passkey challenges and member sessions while the server runs, and keeps live ones', async () => {
    const now = app.clock.now().getTime();
    const code = (emailHash: string, expiresAt: number) => ({
      emailHash,
      memberId: 'm-1',
      codeHash: 'c'.repeat(64),
      seed: null,
      createdAt: iso(expiresAt - 600_000),
      expiresAt: iso(expiresAt),
      tries: 0,
      usedAt: null,
    });
    await app.get('signInCodes').put(code('a'.repeat(64), now + 60_000));
    await app.get('signInCodes').put(code('b'.repeat(64), now + 20 * 60_000));
    const challenge = (challengeHash: string, expiresAt: number) => ({
      challengeHash,
      purpose: 'authentication' as const,
      memberId: null,
      createdAt: iso(expiresAt - 300_000),
      expiresAt: iso(expiresAt),
    });
    await app.get('passkeyChallenges').put(challenge('d'.repeat(64), now + 60_000));
    await app.get('passkeyChallenges').put(challenge('e'.repeat(64), now + 20 * 60_000));
    const session = (tokenHash: string, expiresAt: number) => ({ tokenHash, uid: 'm-1', passkeyId: null, createdAt: iso(now), expiresAt: iso(expiresAt) });
    await app.get('memberSessions').create(session('f'.repeat(64), now + 60_000));
    await app.get('memberSessions').create(session('0'.repeat(64), now + 20 * 60_000));

    // The server has run for a quarter of an hour (its jobs were scheduled at start): the first
    // three have expired, not the others, and the sweep is due.
    app.clock.advance(15 * 60_000);
    await eventually(async () => (await app.get('jobs').get(SIGN_IN_SWEEP_ROUND_JOB))?.doneAt).toBe(app.clock.now().toISOString());
    expect(await app.get('signInCodes').get('a'.repeat(64))).toBeNull();
    expect(await app.get('signInCodes').get('b'.repeat(64))).not.toBeNull();
    expect(await app.get('passkeyChallenges').take('d'.repeat(64), 'authentication', new Date(now))).toBeNull();
    expect(await app.get('passkeyChallenges').take('e'.repeat(64), 'authentication', app.clock.now())).not.toBeNull();
    expect(await app.get('memberSessions').get('f'.repeat(64))).toBeNull();
    expect(await app.get('memberSessions').get('0'.repeat(64))).not.toBeNull();
  });
});
