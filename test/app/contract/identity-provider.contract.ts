import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PermissionError, UnauthenticatedError } from '../../../core/shared/errors';
import type { IdentityProvider } from '../../../core/admins/identity-provider.port';

export interface IdentityProviderHarness {
  provider: IdentityProvider;
  /** Moves the provider's clock forward. */
  advance(ms: number): void;
}

const HOUR = 3600 * 1000;

/** The contract every IdentityProvider adapter must pass: the sentences of the port's TSDoc. */
export function identityProviderContract(name: string, makeHarness: () => Promise<IdentityProviderHarness>): void {
  describe(`IdentityProvider contract: ${name}`, () => {
    it('signs in a created user with the right password, whatever the case of the e-mail', async () => {
      const { provider } = await makeHarness();
      const created = await provider.createUser({ email: 'Skipper@Example.org', password: 'windward-123', displayName: 'Skip' });
      // Providers may normalise the case of an e-mail (Firebase lower-cases it); the port promises
      // only that sign-in ignores case.
      expect(created.email.toLowerCase()).toBe('skipper@example.org');
      expect(created.uid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      const user = await provider.signIn('skipper@example.org', 'windward-123');
      expect(user.uid).toBe(created.uid);
      expect(user.email.toLowerCase()).toBe('skipper@example.org');
    });

    it('refuses an unknown user and a wrong password alike with "Invalid email or password"', async () => {
      const { provider } = await makeHarness();
      await provider.createUser({ email: 'a@example.org', password: 'right-password', displayName: 'A' });
      for (const [email, password] of [
        ['a@example.org', 'wrong-password'],
        ['nobody@example.org', 'right-password'],
        ['a@example.org', ''],
        ['', ''],
      ]) {
        const error = await provider.signIn(email, password).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnauthenticatedError);
        expect((error as Error).message).toBe('Invalid email or password');
      }
    });

    it('refuses a disabled user with a PermissionError, and signs them in again once enabled', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 'd@example.org', password: 'password-1', displayName: 'D' });
      await provider.setDisabled(user.uid, true);
      await expect(provider.signIn('d@example.org', 'password-1')).rejects.toBeInstanceOf(PermissionError);
      await provider.setDisabled(user.uid, false);
      expect((await provider.signIn('d@example.org', 'password-1')).uid).toBe(user.uid);
    });

    it('refuses to create a second user with the same e-mail (any case) with a ConflictError', async () => {
      const { provider } = await makeHarness();
      await provider.createUser({ email: 'dup@example.org', password: 'password-1', displayName: 'One' });
      await expect(provider.createUser({ email: 'DUP@example.org', password: 'password-2', displayName: 'Two' })).rejects.toBeInstanceOf(ConflictError);
    });

    it('opens sessions whose token verifies to the user until it expires', async () => {
      const harness = await makeHarness();
      const { provider } = harness;
      const user = await provider.createUser({ email: 's@example.org', password: 'password-1', displayName: 'S' });
      const { token, expiresAt } = await provider.createSession(user.uid, 8 * HOUR);
      expect(typeof token).toBe('string');
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect((await provider.verifySession(token))?.uid).toBe(user.uid);
      harness.advance(8 * HOUR - 1000);
      expect((await provider.verifySession(token))?.uid).toBe(user.uid);
      harness.advance(2000);
      expect(await provider.verifySession(token)).toBeNull();
      expect(expiresAt).toBeInstanceOf(Date);
    });

    it('gives each session its own token; unknown and garbage tokens verify to null', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 't@example.org', password: 'password-1', displayName: 'T' });
      const a = await provider.createSession(user.uid, HOUR);
      const b = await provider.createSession(user.uid, HOUR);
      expect(a.token).not.toBe(b.token);
      for (const token of ['', 'x', a.token.slice(0, -1), a.token + 'x', 'ü'.repeat(5000)]) {
        expect(await provider.verifySession(token)).toBeNull();
      }
    });

    it('reads the caller’s records of a session’s user alongside the check, and drops them when the session does not hold', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 'w@example.org', password: 'password-1', displayName: 'W' });
      const live = await provider.createSession(user.uid, HOUR);
      const revoked = await provider.createSession(user.uid, HOUR);
      await provider.revokeSession(revoked.token);
      const asked: string[] = [];
      const found = await provider.verifySessionWith(live.token, async (uid) => (asked.push(uid), `record of ${uid}`));
      expect(found?.user).toEqual(await provider.verifySession(live.token));
      expect(found?.loaded).toBe(`record of ${user.uid}`);
      expect(asked).toEqual([user.uid]);
      const failing = async (): Promise<string> => {
        throw new Error('storage out of reach');
      };
      const throwsAtOnce = (): Promise<string> => {
        throw new Error('storage out of reach');
      };
      // A session that does not hold answers null, whatever the caller's read did.
      for (const token of [revoked.token, 'never-issued', '']) {
        expect(await provider.verifySessionWith(token, async () => 'anything')).toBeNull();
        expect(await provider.verifySessionWith(token, failing)).toBeNull();
        expect(await provider.verifySessionWith(token, throwsAtOnce)).toBeNull();
      }
      // For one that holds, a failed read fails the call.
      await expect(provider.verifySessionWith(live.token, failing)).rejects.toThrow('storage out of reach');
      await expect(provider.verifySessionWith(live.token, throwsAtOnce)).rejects.toThrow('storage out of reach');
      await provider.setDisabled(user.uid, true);
      expect(await provider.verifySessionWith(live.token, failing)).toBeNull();
      expect(await provider.verifySessionWith(live.token, throwsAtOnce)).toBeNull();
    });

    it('ends a revoked session only; revoking an unknown one does nothing', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 'r@example.org', password: 'password-1', displayName: 'R' });
      const a = await provider.createSession(user.uid, HOUR);
      const b = await provider.createSession(user.uid, HOUR);
      await provider.revokeSession(a.token);
      await provider.revokeSession(a.token);
      await provider.revokeSession('never-issued');
      expect(await provider.verifySession(a.token)).toBeNull();
      expect((await provider.verifySession(b.token))?.uid).toBe(user.uid);
    });

    it('ends every session of a user who is disabled, and they stay ended after re-enabling', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 'x@example.org', password: 'password-1', displayName: 'X' });
      const other = await provider.createUser({ email: 'y@example.org', password: 'password-1', displayName: 'Y' });
      const a = await provider.createSession(user.uid, HOUR);
      const keep = await provider.createSession(other.uid, HOUR);
      await provider.setDisabled(user.uid, true);
      expect(await provider.verifySession(a.token)).toBeNull();
      await provider.setDisabled(user.uid, false);
      expect(await provider.verifySession(a.token)).toBeNull();
      expect((await provider.verifySession(keep.token))?.uid).toBe(other.uid);
    });

    it('sets a new password: it signs in, the old one no longer does; an unknown user is NotFoundError', async () => {
      const { provider } = await makeHarness();
      const user = await provider.createUser({ email: 'reset@example.org', password: 'old-password-1', displayName: 'R' });
      await provider.setPassword(user.uid, 'new-password-2');
      expect((await provider.signIn('reset@example.org', 'new-password-2')).uid).toBe(user.uid);
      expect(await provider.signIn('reset@example.org', 'old-password-1').catch((e: unknown) => e)).toBeInstanceOf(UnauthenticatedError);
      expect(await provider.setPassword('no-such-user-uid', 'new-password-2').catch((e: unknown) => e)).toBeInstanceOf(NotFoundError);
    });
  });
}
