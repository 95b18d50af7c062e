import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIREBASE_PROBLEMS, FirebaseIdentityProvider } from '../../../../adapters/firebase/firebase-identity-provider';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAdminRepository } from '../../../../adapters/memory/memory-admin-repository';
import { MemoryLoginAttemptStore } from '../../../../adapters/memory/memory-login-attempt-store';
import { MemorySessionRepository } from '../../../../adapters/memory/memory-session-repository';
import { DEFAULT_PERMISSIONS } from '../../../../core/admins/admin';
import {
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../../../../core/shared/errors';
import { SignIn } from '../../../../core/admins/sign-in';
import { startFakeIdentityToolkitServer, type FakeIdentityToolkitServer } from '../../../support/fake-identity-toolkit-server';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from '../../../support/firebase-auth-emulator';
import { identityProviderContract } from '../../../app/contract/identity-provider.contract';

const HOUR = 3600 * 1000;
const providers: FirebaseIdentityProvider[] = [];
let emulator: FirebaseAuthEmulator | undefined;

beforeAll(async () => {
  emulator = await startFirebaseAuthEmulator('demo-kyc');
});

afterAll(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close()));
  await emulator?.stop();
});

function running(): FirebaseAuthEmulator {
  if (!emulator) throw new Error('The Auth emulator is not running');
  return emulator;
}

/** A provider on the emulator; its clock starts at the real time, as Firebase's own checks use it. */
function emulatorProvider(options: { identityToolkitUrl?: string; timeoutMs?: number } = {}) {
  const clock = new FixedClock(new Date());
  const sessions = new MemorySessionRepository();
  const provider = new FirebaseIdentityProvider({
    projectId: running().projectId,
    webApiKey: 'demo-web-api-key',
    identityToolkitUrl: options.identityToolkitUrl ?? running().identityToolkitUrl,
    timeoutMs: options.timeoutMs,
    sessions,
    clock,
  });
  providers.push(provider);
  return { provider, clock, sessions, advance: (ms: number) => clock.advance(ms) };
}

/** What the session cookie inside our token says (the emulator's cookies are unsigned JWTs). */
function cookieClaims(token: string): Record<string, unknown> {
  const cookie = token.slice(token.indexOf('.') + 1);
  return JSON.parse(Buffer.from(cookie.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

identityProviderContract('FirebaseIdentityProvider against the Firebase Authentication emulator', async () => {
  await running().clearUsers();
  return emulatorProvider();
});

describe('FirebaseIdentityProvider on the emulator', () => {
  // What an operator does in the Firebase console, done with firebase-admin directly.
  let console_: App;
  beforeAll(() => {
    console_ = initializeApp({ projectId: running().projectId }, 'firebase-console');
  });
  afterAll(async () => {
    await deleteApp(console_);
  });
  beforeEach(async () => {
    await running().clearUsers();
  });

  it('signs an admin in through the SignIn use case and the session verifies on the next request', async () => {
    const { provider, clock } = emulatorProvider();
    const user = await provider.createUser({ email: 'commodore@kestrel-yc.example', password: 'burgee-2026', displayName: 'Commodore' });
    const admins = new MemoryAdminRepository();
    await admins.create({
      uid: user.uid,
      email: 'commodore@kestrel-yc.example',
      name: 'Commodore',
      role: 'admin',
      permissions: DEFAULT_PERMISSIONS,
      disabled: false,
      createdAt: clock.now().toISOString(),
    });
    const signIn = new SignIn({ identity: provider, admins, loginAttempts: new MemoryLoginAttemptStore(), clock });
    const result = await signIn.execute({ email: 'Commodore@Kestrel-YC.example', password: 'burgee-2026' }, { ip: '127.0.0.1' });
    expect(result.admin.uid).toBe(user.uid);
    expect(result.expiresAt.getTime() - clock.now().getTime()).toBe(8 * HOUR);
    expect(await provider.verifySession(result.token)).toEqual({ uid: user.uid, email: 'commodore@kestrel-yc.example', displayName: 'Commodore' });
  });

  it('refuses a Firebase user without an admin record with the spec\'s "Access denied" message', async () => {
    const { provider, clock, sessions } = emulatorProvider();
    await provider.createUser({ email: 'member@kestrel-yc.example', password: 'just-a-member', displayName: 'Member' });
    const signIn = new SignIn({ identity: provider, admins: new MemoryAdminRepository(), loginAttempts: new MemoryLoginAttemptStore(), clock });
    const error = await signIn.execute({ email: 'member@kestrel-yc.example', password: 'just-a-member' }, { ip: '127.0.0.1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as Error).message).toBe('Access denied. You do not have admin privileges.');
    expect(await sessions.deleteExpired(new Date(Date.now() + 30 * 24 * HOUR))).toBe(0);
  });

  it('turns a wrong password and a disabled account into the login messages through SignIn', async () => {
    const { provider, clock } = emulatorProvider();
    const user = await provider.createUser({ email: 'bosun@kestrel-yc.example', password: 'halyard-99', displayName: 'Bosun' });
    const signIn = new SignIn({ identity: provider, admins: new MemoryAdminRepository(), loginAttempts: new MemoryLoginAttemptStore(), clock });
    await expect(signIn.execute({ email: 'bosun@kestrel-yc.example', password: 'wrong-one' }, { ip: '127.0.0.1' })).rejects.toThrow(
      new UnauthenticatedError('Invalid email or password'),
    );
    await provider.setDisabled(user.uid, true);
    // A disabled account's right password is answered as a wrong one.
    await expect(signIn.execute({ email: 'bosun@kestrel-yc.example', password: 'halyard-99' }, { ip: '127.0.0.1' })).rejects.toThrow(
      new UnauthenticatedError('Invalid email or password'),
    );
  });

  it('builds the session on the password sign-in when there was one, else on a minted token', async () => {
    const { provider } = emulatorProvider();
    const user = await provider.createUser({ email: 'flow@kestrel-yc.example', password: 'password-1', displayName: 'Flow' });
    await provider.signIn('flow@kestrel-yc.example', 'password-1');
    const afterPassword = await provider.createSession(user.uid, HOUR);
    const withoutPassword = await provider.createSession(user.uid, HOUR);
    expect((cookieClaims(afterPassword.token).firebase as { sign_in_provider: string }).sign_in_provider).toBe('password');
    expect((cookieClaims(withoutPassword.token).firebase as { sign_in_provider: string }).sign_in_provider).toBe('custom');
    expect(cookieClaims(afterPassword.token).exp).toBe((cookieClaims(afterPassword.token).iat as number) + 3600);
    expect((await provider.verifySession(afterPassword.token))?.uid).toBe(user.uid);
    expect((await provider.verifySession(withoutPassword.token))?.uid).toBe(user.uid);
  });

  it('ends the session at the next request when the user is disabled in the Firebase console', async () => {
    const { provider, sessions } = emulatorProvider();
    const user = await provider.createUser({ email: 'c1@kestrel-yc.example', password: 'password-1', displayName: 'C1' });
    const { token } = await provider.createSession(user.uid, HOUR);
    await getAuth(console_).updateUser(user.uid, { disabled: true });
    expect(await provider.verifySession(token)).toBeNull();
    // The dead session is forgotten, so re-enabling does not bring it back.
    await getAuth(console_).updateUser(user.uid, { disabled: false });
    expect(await provider.verifySession(token)).toBeNull();
    expect(await sessions.deleteExpired(new Date(Date.now() + 30 * 24 * HOUR))).toBe(0);
  });

  it('ends the session at the next request when the user is deleted in the Firebase console', async () => {
    const { provider } = emulatorProvider();
    const user = await provider.createUser({ email: 'c2@kestrel-yc.example', password: 'password-1', displayName: 'C2' });
    const { token } = await provider.createSession(user.uid, HOUR);
    await getAuth(console_).deleteUser(user.uid);
    expect(await provider.verifySession(token)).toBeNull();
  });

  it("ends the session when the user's tokens are revoked in Firebase", async () => {
    const { provider } = emulatorProvider();
    const user = await provider.createUser({ email: 'c3@kestrel-yc.example', password: 'password-1', displayName: 'C3' });
    const { token } = await provider.createSession(user.uid, HOUR);
    // Firebase compares revocation and sign-in times in whole seconds.
    await new Promise((r) => setTimeout(r, 1100));
    await getAuth(console_).revokeRefreshTokens(user.uid);
    expect(await provider.verifySession(token)).toBeNull();
  });

  it("refuses a token whose Firebase cookie was swapped for another session's", async () => {
    const { provider } = emulatorProvider();
    const a = await provider.createUser({ email: 'a@kestrel-yc.example', password: 'password-1', displayName: 'A' });
    const b = await provider.createUser({ email: 'b@kestrel-yc.example', password: 'password-1', displayName: 'B' });
    const sessionA = await provider.createSession(a.uid, HOUR);
    const sessionB = await provider.createSession(b.uid, HOUR);
    const idA = sessionA.token.slice(0, sessionA.token.indexOf('.'));
    const cookieB = sessionB.token.slice(sessionB.token.indexOf('.') + 1);
    expect(await provider.verifySession(`${idA}.${cookieB}`)).toBeNull();
    expect((await provider.verifySession(sessionA.token))?.uid).toBe(a.uid);
  });

  it('keeps session lengths within what Firebase allows (5 minutes to 14 days)', async () => {
    const { provider } = emulatorProvider();
    const user = await provider.createUser({ email: 'len@kestrel-yc.example', password: 'password-1', displayName: 'Len' });
    await expect(provider.createSession(user.uid, 60_000)).rejects.toBeInstanceOf(RangeError);
    await expect(provider.createSession(user.uid, 15 * 24 * HOUR)).rejects.toBeInstanceOf(RangeError);
  });

  it("refuses accounts Firebase would not accept, with a clear message; unknown users can't be disabled", async () => {
    const { provider } = emulatorProvider();
    const short = await provider.createUser({ email: 'short@kestrel-yc.example', password: '123', displayName: 'Short' }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(ValidationError);
    expect((short as ValidationError).fields?.password).toMatch(/password policy/);
    const bad = await provider.createUser({ email: 'not-an-email', password: 'password-1', displayName: 'Bad' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as Error).message).toBe('Please enter a valid email address');
    await expect(provider.setDisabled('no-such-user', true)).rejects.toBeInstanceOf(NotFoundError);
    await provider.createUser({ email: 'taken@kestrel-yc.example', password: 'password-1', displayName: 'T' });
    await expect(provider.createUser({ email: 'taken@kestrel-yc.example', password: 'password-2', displayName: 'T' })).rejects.toBeInstanceOf(ConflictError);
  });

  it('finds a user made in the Firebase console by e-mail, to link an admin record to it', async () => {
    const { provider } = emulatorProvider();
    const made = await getAuth(console_).createUser({ email: 'made-in-console@kestrel-yc.example', password: 'password-1' });
    expect(await provider.findUserByEmail('Made-In-Console@kestrel-yc.example')).toEqual({
      uid: made.uid,
      email: 'made-in-console@kestrel-yc.example',
      displayName: null,
    });
    expect(await provider.findUserByEmail('nobody@kestrel-yc.example')).toBeNull();
  });
});

describe('FirebaseIdentityProvider sign-in answers the emulator never gives (local Identity Toolkit)', () => {
  let toolkit: FakeIdentityToolkitServer;
  let provider: FirebaseIdentityProvider;
  let clock: FixedClock;
  let problems: string[];

  beforeEach(async () => {
    problems = [];
    toolkit = await startFakeIdentityToolkitServer();
    toolkit.users.push({ localId: 'uid-skipper', email: 'skipper@kestrel-yc.example', password: 'windward-123', displayName: 'Skip' });
    clock = new FixedClock(new Date());
    provider = new FirebaseIdentityProvider({
      projectId: 'demo-kyc',
      webApiKey: toolkit.apiKey,
      identityToolkitUrl: toolkit.baseUrl,
      timeoutMs: 1000,
      sessions: new MemorySessionRepository(),
      clock,
      reportProblem: (message) => problems.push(message),
    });
    providers.push(provider);
  });
  afterEach(async () => {
    await toolkit.close();
  });

  it('logs that an account with a second factor cannot sign in here; the admin sees "Login failed. Please try again."', async () => {
    toolkit.users[0].secondFactor = true;
    const error = await signInThroughUseCase();
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe('Login failed. Please try again.');
    expect(problems).toEqual([FIREBASE_PROBLEMS.multiFactor('skipper@kestrel-yc.example')]);
    expect(problems[0]).toContain('multi-factor authentication');
  });

  it('logs that the Web API key is restricted to websites; the admin sees "Login failed. Please try again."', async () => {
    toolkit.restrictKeyToReferrers(true);
    const error = await signInThroughUseCase();
    expect((error as Error).message).toBe('Login failed. Please try again.');
    expect(problems).toEqual([FIREBASE_PROBLEMS.referrerRestrictedKey]);
    // Any other refusal is not blamed on the key's restrictions.
    toolkit.restrictKeyToReferrers(false);
    toolkit.answerWith({ kind: 'error', status: 400, message: 'API key not valid. Please pass a valid API key.' });
    await signInThroughUseCase();
    expect(problems).toHaveLength(1);
  });

  const signInThroughUseCase = () =>
    new SignIn({ identity: provider, admins: new MemoryAdminRepository(), loginAttempts: new MemoryLoginAttemptStore(), clock })
      .execute({ email: 'skipper@kestrel-yc.example', password: 'windward-123' }, { ip: '127.0.0.1' })
      .catch((e: unknown) => e);

  it('posts the e-mail and password with the Web API key, as the Firebase web SDK does', async () => {
    expect(await provider.signIn(' skipper@kestrel-yc.example ', 'windward-123')).toEqual({
      uid: 'uid-skipper',
      email: 'skipper@kestrel-yc.example',
      displayName: 'Skip',
    });
    expect(toolkit.requests).toEqual([
      {
        path: '/v1/accounts:signInWithPassword',
        key: toolkit.apiKey,
        body: { email: 'skipper@kestrel-yc.example', password: 'windward-123', returnSecureToken: true },
      },
    ]);
  });

  it('maps every "wrong e-mail or password" answer to "Invalid email or password"', async () => {
    for (const message of ['INVALID_LOGIN_CREDENTIALS', 'INVALID_PASSWORD', 'EMAIL_NOT_FOUND : There is no user record.']) {
      toolkit.answerWith({ kind: 'error', status: 400, message });
      const error = await provider.signIn('skipper@kestrel-yc.example', 'windward-123').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthenticatedError);
      expect((error as Error).message).toBe('Invalid email or password');
    }
  });

  it('maps TOO_MANY_ATTEMPTS_TRY_LATER to "Too many failed login attempts. Please try again later."', async () => {
    toolkit.answerWith({
      kind: 'error',
      status: 400,
      message:
        'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
    });
    await expect(provider.signIn('skipper@kestrel-yc.example', 'windward-123')).rejects.toBeInstanceOf(RateLimitError);
    const error = await signInThroughUseCase();
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toBe('Too many failed login attempts. Please try again later.');
  });

  it('maps USER_DISABLED to a PermissionError, which sign-in answers as a wrong password', async () => {
    toolkit.users[0].disabled = true;
    await expect(provider.signIn('skipper@kestrel-yc.example', 'windward-123')).rejects.toBeInstanceOf(PermissionError);
    expect(((await signInThroughUseCase()) as Error).message).toBe('Invalid email or password');
  });

  it('reports an unreachable, slow or garbled service as unavailable: "Login failed. Please try again."', async () => {
    toolkit.answerWith({ kind: 'slow', delayMs: 5000 });
    await expect(provider.signIn('skipper@kestrel-yc.example', 'windward-123')).rejects.toBeInstanceOf(UnavailableError);
    toolkit.answerWith({ kind: 'raw', status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    await expect(provider.signIn('skipper@kestrel-yc.example', 'windward-123')).rejects.toBeInstanceOf(UnavailableError);
    toolkit.answerWith({ kind: 'error', status: 400, message: 'API key not valid. Please pass a valid API key.' });
    await expect(provider.signIn('skipper@kestrel-yc.example', 'windward-123')).rejects.toBeInstanceOf(UnavailableError);
    await toolkit.close();
    const error = await signInThroughUseCase();
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe('Login failed. Please try again.');
  });

  it('does not ask Firebase about a blank e-mail or password', async () => {
    for (const [email, password] of [
      ['', 'windward-123'],
      ['  ', 'x'],
      ['skipper@kestrel-yc.example', ''],
    ]) {
      await expect(provider.signIn(email, password)).rejects.toThrow(new UnauthenticatedError('Invalid email or password'));
    }
    expect(toolkit.requests).toEqual([]);
  });
});

describe('FirebaseIdentityProvider when Firebase stops answering', () => {
  it('reports a session check it cannot make as unavailable, not as signed out', async () => {
    await running().clearUsers();
    const { provider } = emulatorProvider();
    const user = await provider.createUser({ email: 'outage@kestrel-yc.example', password: 'password-1', displayName: 'O' });
    const { token } = await provider.createSession(user.uid, HOUR);
    expect((await provider.verifySession(token))?.uid).toBe(user.uid);
    const { host } = running();
    await running().stop();
    emulator = undefined;
    // firebase-admin still believes in the emulator; only the emulator itself is gone.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    try {
      await expect(provider.verifySession(token)).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  });

  it('refuses to start without a project id or Web API key', () => {
    const base = { sessions: new MemorySessionRepository(), clock: new FixedClock() };
    expect(() => new FirebaseIdentityProvider({ ...base, projectId: ' ', webApiKey: 'k' })).toThrow('needs a project id');
    expect(() => new FirebaseIdentityProvider({ ...base, projectId: 'demo-kyc', webApiKey: '' })).toThrow('needs the Web API key');
  });
});
