import { describe, expect, it } from 'vitest';
import { SignIn } from '../../../../core/admins/sign-in';
import { PermissionError, RateLimitError, UnauthenticatedError, UnavailableError, ValidationError } from '../../../../core/shared/errors';
import type { IdentityProvider, IdentityUser } from '../../../../core/admins/identity-provider.port';
import { makeWorld } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

const EMAIL = 'commodore@club.example';
const PASSWORD = 'correct horse battery';
const OFFICE = { ip: '192.0.2.10' };

/** The real local provider, counting calls and able to fail the way a remote provider can. */
class WatchedIdentity implements IdentityProvider {
  readonly name = 'watched';
  signIns = 0;
  sessions = 0;
  failWith: Error | null = null;
  /** Lets other requests run while a password is checked, as a slow hash does. */
  pause = false;
  constructor(private readonly inner: IdentityProvider) {}
  async signIn(email: string, password: string): Promise<IdentityUser> {
    this.signIns += 1;
    if (this.pause) for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    if (this.failWith) throw this.failWith;
    return this.inner.signIn(email, password);
  }
  async createSession(uid: string, maxAgeMs: number) {
    this.sessions += 1;
    return this.inner.createSession(uid, maxAgeMs);
  }
  verifySessionWith<T>(token: string, load: (uid: string) => Promise<T>) {
    return this.inner.verifySessionWith(token, load);
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
  get passwordReset() {
    return this.inner.passwordReset;
  }
  sendPasswordResetEmail(email: string) {
    return this.inner.sendPasswordResetEmail(email);
  }
  setPassword(uid: string, password: string) {
    return this.inner.setPassword(uid, password);
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
    for (const form of [
      { email: EMAIL, password: 'nope' },
      { email: 'nobody@club.example', password: PASSWORD },
    ]) {
      const attempt = signIn.execute(form, OFFICE);
      await expect(attempt).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(attempt).rejects.toThrow('Invalid email or password');
    }
  });

  it('does not let failures from one address lock the e-mail out: the right password from another address signs in', async () => {
    const { signIn } = await setUp();
    await failTimes(signIn, 5, EMAIL, { ip: '198.51.100.1' });
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, { ip: '198.51.100.1' })).rejects.toThrow(
      'Too many failed login attempts. Please try again later.',
    );
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, { ip: '203.0.113.9' })).resolves.toMatchObject({ admin: { email: EMAIL } });
  });

  it('makes an address that failed for an e-mail with more than 5 failures wait (1 s, 2 s, 4 s ... capped at 30 s) after its own latest failure', async () => {
    const { signIn, identity, world } = await setUp();
    // Failures from many addresses, as a botnet would send them.
    for (let i = 0; i < 6; i += 1) await failTimes(signIn, 1, EMAIL.toUpperCase(), { ip: `198.51.100.${i}` });
    const guesser = { ip: '198.51.100.0' };
    const asked = identity.signIns;
    const early = signIn.execute({ email: EMAIL, password: 'guess' }, guesser);
    await expect(early).rejects.toBeInstanceOf(RateLimitError);
    await expect(early).rejects.toThrow('Too many failed login attempts. Please try again later.');
    expect(identity.signIns).toBe(asked);
    world.clock.advance(999);
    await expect(signIn.execute({ email: EMAIL, password: 'wrong' }, guesser)).rejects.toBeInstanceOf(RateLimitError);
    world.clock.advance(1);
    await failTimes(signIn, 1, EMAIL, guesser); // the 7th failure: this address's next try waits 2 s
    world.clock.advance(1999);
    await expect(signIn.execute({ email: EMAIL, password: 'wrong' }, guesser)).rejects.toBeInstanceOf(RateLimitError);
    world.clock.advance(1);
    await failTimes(signIn, 1, EMAIL, guesser);
    // The admin's own address has not failed: the botnet's failures do not keep it waiting.
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, { ip: '203.0.113.9' })).resolves.toMatchObject({ admin: { email: EMAIL } });
  });

  it('never keeps the admin out: a guesser rotating 15 addresses, 4 failures each, leaves every right password through', async () => {
    const { signIn, world } = await setUp();
    const failures = new Map<string, number>();
    let admitted = 0;
    for (let tick = 0; tick < 1200; tick += 1) {
      const ip = `198.51.100.${tick % 15}`;
      if ((failures.get(ip) ?? 0) < 4) {
        const guess = await signIn.execute({ email: EMAIL, password: `guess-${tick}` }, { ip }).catch((error: Error) => error);
        if (guess instanceof UnauthenticatedError) failures.set(ip, (failures.get(ip) ?? 0) + 1);
      }
      if (tick % 33 === 0) {
        await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).resolves.toMatchObject({ admin: { email: EMAIL } });
        admitted += 1;
      }
      world.clock.advance(150);
    }
    expect(admitted).toBe(37);
  });

  it('a mistyped password delays the admin by at most 30 s, however busy the guesser', async () => {
    const { signIn, world } = await setUp();
    for (let i = 0; i < 20; i += 1) await failTimes(signIn, 1, EMAIL, { ip: `198.51.100.${i}` });
    await failTimes(signIn, 1, EMAIL, OFFICE);
    for (let i = 0; i < 60; i += 1) {
      await signIn.execute({ email: EMAIL, password: 'guess' }, { ip: `198.51.101.${i}` }).catch(() => undefined);
      world.clock.advance(500);
    }
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).resolves.toMatchObject({ admin: { email: EMAIL } });
  });

  it('checks at most 5 of 100 concurrent wrong passwords from one address; the rest are refused unchecked', async () => {
    const { signIn, identity } = await setUp();
    identity.pause = true;
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => signIn.execute({ email: EMAIL, password: 'wrong' }, OFFICE)));
    expect(identity.signIns).toBeLessThanOrEqual(5);
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).constructor.name : 'signed in'));
    expect(reasons.filter((r) => r === 'UnauthenticatedError')).toHaveLength(identity.signIns);
    expect(reasons.filter((r) => r === 'RateLimitError')).toHaveLength(100 - identity.signIns);
  });

  it('checks at most one more guess per address once an e-mail has 5 failures, of 100 concurrent guesses from 10 addresses', async () => {
    const { signIn, identity } = await setUp();
    identity.pause = true;
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => signIn.execute({ email: EMAIL, password: `guess-${i}` }, { ip: `10.0.${i % 10}.1` })),
    );
    expect(identity.signIns).toBeLessThanOrEqual(5 + 10);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof RateLimitError)).toHaveLength(100 - identity.signIns);
  });

  it('does not count a check the provider could not make, nor a right password, as a failure', async () => {
    const { signIn, identity, world } = await setUp();
    identity.failWith = new UnavailableError('connect ECONNREFUSED');
    for (let i = 0; i < 6; i += 1) await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toBeInstanceOf(UnavailableError);
    expect(await world.loginAttempts.countSince('ip:192.0.2.10', new Date(0))).toBe(0);
    identity.failWith = null;
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).resolves.toBeDefined();
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

  it('refuses a user who has no admin record with the spec\'s "Access denied", without opening a session', async () => {
    const { signIn, identity } = await setUp({ adminRecord: 'none' });
    const attempt = signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE);
    await expect(attempt).rejects.toBeInstanceOf(PermissionError);
    await expect(attempt).rejects.toThrow('Access denied. You do not have admin privileges.');
    expect(identity.sessions).toBe(0);
  });

  it.each([
    ['a disabled admin record', async (world: Awaited<ReturnType<typeof setUp>>) => world],
    [
      'a disabled sign-in account',
      async (world: Awaited<ReturnType<typeof setUp>>) => {
        await world.identity.setDisabled(world.uid, true);
        return world;
      },
    ],
  ] as const)("answers %s's right password exactly as a wrong one, and counts it as a failure", async (why, disable) => {
    const { signIn, identity, world } = await disable(await setUp({ adminRecord: why === 'a disabled admin record' ? 'disabled' : 'yes' }));
    const right = await signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE).catch((error: Error) => error);
    const wrong = await signIn.execute({ email: EMAIL, password: 'wrong' }, OFFICE).catch((error: Error) => error);
    expect(right).toBeInstanceOf(UnauthenticatedError);
    expect(wrong).toBeInstanceOf(UnauthenticatedError);
    expect((right as Error).message).toBe('Invalid email or password');
    expect((wrong as Error).message).toBe((right as Error).message);
    expect(identity.sessions).toBe(0);
    expect(await world.loginAttempts.countSince('ip:192.0.2.10', new Date(0))).toBe(2);
  });

  it("turns provider trouble into the spec's messages", async () => {
    const { signIn, identity } = await setUp();
    identity.failWith = new UnavailableError('connect ECONNREFUSED');
    const down = signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE);
    await expect(down).rejects.toBeInstanceOf(UnavailableError);
    await expect(down).rejects.toThrow('Login failed. Please try again.');
    identity.failWith = new RateLimitError('auth/too-many-requests');
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toThrow('Too many failed login attempts. Please try again later.');
    identity.failWith = new TypeError('a bug');
    await expect(signIn.execute({ email: EMAIL, password: PASSWORD }, OFFICE)).rejects.toBeInstanceOf(TypeError);
  });
});
