import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunDueJobs } from '../../core/jobs/run-due-jobs';
import { repeatingJobs } from '../../core/jobs/scheduled-work';
import { startTestApp, type TestApp } from './support/test-app';

// Runs on SQLite (project default) and on the Firestore emulator (project api-firestore).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

const runRound = () => app.built.ports.useCase(RunDueJobs).execute();
const iso = (ms: number) => new Date(ms).toISOString();

describe('the scheduled sign-in sweep', () => {
  it('removes expired sign-in codes, passkey challenges and member sessions while the server runs, and keeps live ones', async () => {
    const now = app.clock.now().getTime();
    const code = (emailHash: string, expiresAt: number) => ({ emailHash, memberId: 'm-1', codeHash: 'c'.repeat(64), createdAt: iso(expiresAt - 600_000), expiresAt: iso(expiresAt), tries: 0, usedAt: null });
    await app.get('signInCodes').put(code('a'.repeat(64), now + 60_000));
    await app.get('signInCodes').put(code('b'.repeat(64), now + 20 * 60_000));
    const challenge = (challengeHash: string, expiresAt: number) => ({ challengeHash, purpose: 'authentication' as const, memberId: null, createdAt: iso(expiresAt - 300_000), expiresAt: iso(expiresAt) });
    await app.get('passkeyChallenges').put(challenge('d'.repeat(64), now + 60_000));
    await app.get('passkeyChallenges').put(challenge('e'.repeat(64), now + 20 * 60_000));
    const session = (tokenHash: string, expiresAt: number) => ({ tokenHash, uid: 'm-1', createdAt: iso(now), expiresAt: iso(expiresAt) });
    await app.get('memberSessions').create(session('f'.repeat(64), now + 60_000));
    await app.get('memberSessions').create(session('0'.repeat(64), now + 20 * 60_000));

    // The server has run for a quarter of an hour (its jobs were scheduled at start): the first
    // three have expired, not the others.
    app.clock.advance(15 * 60_000);
    await app.get('jobs').schedule(repeatingJobs(app.clock.now()));
    // A round takes a few jobs at a time: run rounds until none is left due.
    for (let round = await runRound(); round.done > 0; round = await runRound()) expect(round).toMatchObject({ retrying: 0, failed: 0, lost: 0 });

    expect(await app.get('signInCodes').get('a'.repeat(64))).toBeNull();
    expect(await app.get('signInCodes').get('b'.repeat(64))).not.toBeNull();
    expect(await app.get('passkeyChallenges').take('d'.repeat(64), 'authentication', new Date(now))).toBeNull();
    expect(await app.get('passkeyChallenges').take('e'.repeat(64), 'authentication', app.clock.now())).not.toBeNull();
    expect(await app.get('memberSessions').get('f'.repeat(64))).toBeNull();
    expect(await app.get('memberSessions').get('0'.repeat(64))).not.toBeNull();
  });
});
