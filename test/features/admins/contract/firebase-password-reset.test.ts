import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirebaseIdentityProvider } from '../../../../adapters/firebase/firebase-identity-provider';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAdminRepository } from '../../../../adapters/memory/memory-admin-repository';
import { MemoryLoginAttemptStore } from '../../../../adapters/memory/memory-login-attempt-store';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryPasswordResetTokenRepository } from '../../../../adapters/memory/memory-password-reset-token-repository';
import { MemorySessionRepository } from '../../../../adapters/memory/memory-session-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import { DEFAULT_PERMISSIONS } from '../../../../core/admins/admin';
import { RESET_MESSAGES } from '../../../../core/admins/password-reset';
import { UnavailableError } from '../../../../core/shared/errors';
import { RequestPasswordReset } from '../../../../core/admin-accounts/request-password-reset';
import { startFakeIdentityToolkitServer, type FakeIdentityToolkitServer } from '../../../support/fake-identity-toolkit-server';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from '../../../support/firebase-auth-emulator';

const providers: FirebaseIdentityProvider[] = [];
afterAll(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close()));
});

function firebaseProvider(identityToolkitUrl: string, webApiKey: string, projectId = 'demo-kyc'): FirebaseIdentityProvider {
  const provider = new FirebaseIdentityProvider({
    projectId,
    webApiKey,
    identityToolkitUrl,
    timeoutMs: 2000,
    sessions: new MemorySessionRepository(),
    clock: new FixedClock(new Date()),
  });
  providers.push(provider);
  return provider;
}

describe('Firebase password reset on the Firebase Authentication emulator', () => {
  let emulator: FirebaseAuthEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFirebaseAuthEmulator('demo-kyc-reset');
  });
  afterAll(async () => {
    await emulator?.stop();
  });
  const running = () => {
    if (!emulator) throw new Error('The Auth emulator is not running');
    return emulator;
  };
  beforeEach(async () => {
    await running().clearUsers();
    earlier = (await allOobCodes()).length;
  });

  // The emulator keeps the codes of earlier tests: each test looks at its own.
  let earlier = 0;
  async function allOobCodes(): Promise<{ email: string; requestType: string; oobLink: string }[]> {
    const response = await fetch(`http://${running().host}/emulator/v1/projects/${running().projectId}/oobCodes`);
    return ((await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }).oobCodes;
  }
  /** The out-of-band codes the emulator "e-mailed" in this test (its stand-in for Firebase's outgoing mail). */
  async function oobCodes(): Promise<{ email: string; requestType: string; oobLink: string }[]> {
    return (await allOobCodes()).slice(earlier);
  }

  it('has Firebase send its own reset e-mail to a user; an unknown address is no error and gets none', async () => {
    const provider = firebaseProvider(running().identityToolkitUrl, 'demo-web-api-key', running().projectId);
    expect(provider.passwordReset).toBe('provider');
    await provider.createUser({ email: 'skipper@kestrel-yc.example', password: 'windward-123', displayName: 'Skip' });
    await provider.sendPasswordResetEmail('Skipper@Kestrel-YC.example ');
    await provider.sendPasswordResetEmail('nobody@kestrel-yc.example');
    const codes = await oobCodes();
    expect(codes).toEqual([expect.objectContaining({ email: 'skipper@kestrel-yc.example', requestType: 'PASSWORD_RESET' })]);
    expect(codes[0].oobLink).toContain('mode=resetPassword');
  });

  it('through RequestPasswordReset: an admin gets the e-mail, a Firebase user without an admin record does not; the answer is the same', async () => {
    const provider = firebaseProvider(running().identityToolkitUrl, 'demo-web-api-key', running().projectId);
    const admin = await provider.createUser({ email: 'commodore@kestrel-yc.example', password: 'windward-123', displayName: 'C' });
    await provider.createUser({ email: 'member@kestrel-yc.example', password: 'windward-123', displayName: 'M' });
    const admins = new MemoryAdminRepository();
    await admins.create({
      uid: admin.uid,
      email: admin.email,
      name: 'C',
      role: 'admin',
      permissions: DEFAULT_PERMISSIONS,
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const outbox = new MemoryOutbox();
    const request = new RequestPasswordReset({
      identity: provider,
      admins,
      loginAttempts: new MemoryLoginAttemptStore(),
      resetTokens: new MemoryPasswordResetTokenRepository(),
      secrets: new CryptoSecretTokens(),
      outbox,
      ids: new SequentialIdGenerator('id'),
      clock: new FixedClock(new Date()),
      siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' },
      mailOn: false,
      reportPasswordResetError: () => {},
    });
    expect(request.available()).toBe(true);
    const answers = [];
    for (const email of ['member@kestrel-yc.example', 'commodore@kestrel-yc.example', 'stranger@example.org'])
      answers.push(await request.execute({ email }, { ip: '192.0.2.1' }));
    expect(answers).toEqual([{ message: RESET_MESSAGES.sent }, { message: RESET_MESSAGES.sent }, { message: RESET_MESSAGES.sent }]);
    expect((await oobCodes()).map((code) => [code.email, code.requestType])).toEqual([['commodore@kestrel-yc.example', 'PASSWORD_RESET']]);
    expect(await outbox.list()).toEqual([]);
  });
});

describe('Firebase password reset against a local Identity Toolkit (answers the emulator never gives)', () => {
  let toolkit: FakeIdentityToolkitServer;
  let provider: FirebaseIdentityProvider;
  beforeEach(async () => {
    toolkit = await startFakeIdentityToolkitServer();
    toolkit.users.push({ localId: 'uid-skipper', email: 'skipper@kestrel-yc.example', password: 'windward-123' });
    provider = firebaseProvider(toolkit.baseUrl, toolkit.apiKey);
  });
  afterEach(async () => {
    await toolkit.close();
  });

  it('posts requestType PASSWORD_RESET and the e-mail with the Web API key, as the REST API asks', async () => {
    await provider.sendPasswordResetEmail(' skipper@kestrel-yc.example');
    expect(toolkit.requests).toEqual([
      { path: '/v1/accounts:sendOobCode', key: toolkit.apiKey, body: { requestType: 'PASSWORD_RESET', email: 'skipper@kestrel-yc.example' } },
    ]);
    expect(toolkit.resetEmailsSent).toEqual(['skipper@kestrel-yc.example']);
  });

  it('takes EMAIL_NOT_FOUND, and the enumeration-protected answer, as nothing sent and no error', async () => {
    await provider.sendPasswordResetEmail('nobody@kestrel-yc.example');
    toolkit.protectEnumeration(true);
    await provider.sendPasswordResetEmail('nobody@kestrel-yc.example');
    expect(toolkit.resetEmailsSent).toEqual([]);
    expect(toolkit.requests).toHaveLength(2);
  });

  it('reports a refusing, unreachable, slow or garbled service as unavailable', async () => {
    const answers = [
      { kind: 'error', status: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER : Try again later.' },
      { kind: 'error', status: 400, message: 'RESET_PASSWORD_EXCEED_LIMIT' },
      { kind: 'error', status: 503, message: 'UNAVAILABLE' },
      { kind: 'raw', status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' },
      { kind: 'slow', delayMs: 10_000 },
    ] as const;
    for (const answer of answers) {
      toolkit.answerWith(answer);
      expect(await provider.sendPasswordResetEmail('skipper@kestrel-yc.example').catch((e: unknown) => e)).toBeInstanceOf(UnavailableError);
    }
    expect(toolkit.resetEmailsSent).toEqual([]);
  });
});
