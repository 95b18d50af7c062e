import { describe, expect, it } from 'vitest';
import { SignIn } from '../../../core/use-cases/sign-in';
import { PermissionError, RateLimitError, UnauthenticatedError, UnavailableError, ValidationError } from '../../../core/errors';
import type { IdentityProvider, IdentityUser } from '../../../core/ports/identity-provider';
import { anAdmin, makeWorld } from './support/world';

const EMAIL = 'commodore@club.example';
const PASSWORD = 'correct horse battery';
const OFFICE = { ip: '192.0.2.10' };

/** The real local provider, counting calls and able to fail the way a remote provider can. */
class WatchedIdentity implements IdentityProvider {
  readonly name = 'watched';
  signIns = 0;
  sessions = 0;
  failWith: Error | null = null;
  constructor(private readonly inner: IdentityProvider) {}
  async signIn(email: string, password: string): Promise<IdentityUser> {
    this.signIns += 1;
    if (this.failWith) throw this.failWith;
    return this.inner.signIn(email, password);
  }
  async createSession(uid: string, maxAgeMs: number) {
    this.sessions += 1;
    return this.inner.createSession(uid, maxAgeMs);
  }
  verifySession(token: string) {
    return this.inner.verifySession(token);
  }
  revokeSession(token: string) {
    return this.inner.revokeSession(token);
  }
  createUser(input: { email: string; password: string; displayName: string }) {
    return this.inner.createUser(input);
  }
  setDisabled(uid: string, disabled: boolean) {
    return this.inner.setDisabled(uid, disabled);
  }
}

async function setUp(options: { adminRecord?: 'yes' | 'none' | 'disabled' } = {}) {
  const world = makeWorld();
  const identity = new WatchedIdentity(world.identity);
  const user = await identity.createUser({ email: EMAIL, password: PASSWORD, displayName: 'The Commodore' });
  const record = options.adminRecord ?? 'yes';
  if (record !== 'none') await world.admins.create(anAdmin({ uid: user.uid, email: EMAIL, disabled: record === 'disabled' }));
  const signIn = new SignIn({ identity, admins: world.admins, loginAttempts: world.loginAttempts, clock: world.clock });
  return { world, identity, signIn, uid: user.uid };
}

async function failTimes(signIn: SignIn, n: number, email = EMAIL, context = OFFICE) {
  for (let i = 0; i < n; i += 1) {
    await expect(signIn.execute({ email, password: 'wrong' }, context)).rejects.toBeInstanceOf(UnauthenticatedError);
  }
}

describe('SignIn', () => {
  it('signs an admin in for 8 hours and returns a session the provider recognises', async () => {
    const { signIn, identity, uid, world } = await setUp();
    const result = await signIn.execute({ email: `  ${EMAIL.toUpperCase()} `, password: PASSWORD }, OFFICE);
    expect(result.admin).toMatchObject({ uid, email: EMAIL, name: 'The Commodore' });
    expect(result.expiresAt.toISOString()).toBe('2026-06-01T17:00:00.000Z');
    expect(await identity.verifySession(result.token)).toMatchObject({ uid });
    world.clock.advance(8 * 3600 * 1000);
    expect(await identity.verifySession(result.token)).toBeNull();
  });

  it('asks for both e-mail and password', async () => {
    const { signIn, identity } = await setUp();
    await expect(signIn.execute({ email: '  ', password: '' }, OFFICE)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Email is required',
      fields: { email: 'Email is required', password: 'Password is required' },
    });
    await expect(signIn.execute({ email: EMAIL }, OFFICE)).rejects.toMatchObject({ fields: { password: 'Password is required' } });
    await expect(signIn.execute({ email: 5, password: [] }, OFFICE)).rejects.toBeInstanceOf(ValidationError);
    expect(identity.signIns).toBe(0);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { signIn } = await setUp();
    for (const form of [{ email: EMAIL, password: 'nope' }, { email: 'nobody@club.example', password: PASSWORD }]) {
      const attempt = signIn.execute(form, OFFICE);
      await expect(attempt).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(attempt).rejects.toThrow('Invalid email or password');
    }
  });

  it('locks an e-mail out after 5 failures in 15 minutes, before asking the provider, whatever the case', async () => {
    const { signIn, identity, world } = await setUp();
    await failTimes(signIn, 3, EMAIL.toUpperCase(), { ip: '198.51.100.1' });
    await failTimes(signIn, 2, EMAIL, { ip: '198.51.100.2' });
    const asked = identity.signIns;
    const locked = signIn.execute({ email: EMAIL, password: PASSWORD }, { ip: '203.0.113.9' });
    await expect(locked).rejects.toBeInstanceOf(RateLimitError);
    await expect(locked).rejects.toThrow('Too many failed login attempts. Please try again later.');
    expect(identity.signIns).toBe(asked);
    world.clock.advance(15 * 60 * 1000 + 1);
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).resolves.toMatchObject({ admin: { email: EMAIL } });
  });

  it('locks an address out after 5 failures, whichever e-mails were tried', async () => {
    const { signIn } = await setUp();
    for (let i = 0; i < 5; i += 1) await failTimes(signIn, 1, `guess${i}@club.example`);
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toBeInstanceOf(RateLimitError);
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, { ip: '192.0.2.11' })).resolves.toMatchObject({ admin: { email: EMAIL } });
  });

  it('allows four failures, and a successful sign-in starts the count again', async () => {
    const { signIn } = await setUp();
    await failTimes(signIn, 4);
    await signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE);
    await failTimes(signIn, 4);
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).resolves.toBeDefined();
  });

  it.each([
    ['has no admin record', 'none'],
    ['has a disabled admin record', 'disabled'],
  ] as const)('refuses a user who %s, without opening a session', async (_why, adminRecord) => {
    const { signIn, identity } = await setUp({ adminRecord });
    const attempt = signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE);
    await expect(attempt).rejects.toBeInstanceOf(PermissionError);
    await expect(attempt).rejects.toThrow('Access denied. You do not have admin privileges.');
    expect(identity.sessions).toBe(0);
  });

  it('refuses a user whose sign-in account is disabled', async () => {
    const { signIn, identity, uid } = await setUp();
    await identity.setDisabled(uid, true);
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toThrow(
      'Access denied. You do not have admin privileges.',
    );
  });

  it('turns provider trouble into the spec\'s messages', async () => {
    const { signIn, identity } = await setUp();
    identity.failWith = new UnavailableError('connect ECONNREFUSED');
    const down = signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE);
    await expect(down).rejects.toBeInstanceOf(UnavailableError);
    await expect(down).rejects.toThrow('Login failed. Please try again.');
    identity.failWith = new RateLimitError('auth/too-many-requests');
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toThrow(
      'Too many failed login attempts. Please try again later.',
    );
    identity.failWith = new TypeError('a bug');
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toBeInstanceOf(TypeError);
  });
});
