import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryPasswordResetTokenRepository } from '../../../../adapters/memory/memory-password-reset-token-repository';
import { ChangePassword } from '../../../../core/admin-accounts/change-password';
import { CHANGE_PASSWORD_MESSAGES } from '../../../../core/admin-accounts/change-password-schema';
import type { IdentityProvider } from '../../../../core/admins/identity-provider.port';
import { LOGIN_MESSAGES, LOGIN_WINDOW_MS, loginAttemptKeys } from '../../../../core/admins/login';
import { newResetToken } from '../../../../core/admins/password-reset';
import { RateLimitError, UnavailableError, ValidationError } from '../../../../core/shared/errors';
import { makeWorld } from '../../../support/unit/world';
import { rejectionOf } from '../../../support/contract/storage-fixtures';
import { anAdmin } from '../../../support/entities';

const EMAIL = 'commodore@club.example';
const OLD_PASSWORD = 'old password 1';
const NEW_PASSWORD = 'new password 2';
const OFFICE = { ip: '192.0.2.10' };

async function setUp(wrap: (identity: IdentityProvider) => IdentityProvider = (identity) => identity) {
  const world = makeWorld();
  const user = await world.identity.createUser({ email: EMAIL, password: OLD_PASSWORD, displayName: 'The Commodore' });
  const admin = anAdmin({ uid: user.uid, email: EMAIL });
  await world.admins.create(admin);
  const resetTokens = new MemoryPasswordResetTokenRepository();
  const identity = wrap(world.identity);
  const change = new ChangePassword({
    identity,
    sessions: world.sessions,
    loginAttempts: world.loginAttempts,
    resetTokens,
    audit: world.audit,
    ids: world.ids,
    clock: world.clock,
  });
  const here = await world.identity.createSession(admin.uid, 3_600_000);
  const elsewhere = await world.identity.createSession(admin.uid, 3_600_000);
  /** Everything a change could touch: the stored credential, sessions, reset links and the audit log. */
  const snapshot = async () =>
    JSON.stringify([
      await world.credentials.getByUid(admin.uid),
      await world.identity.verifySession(here.token),
      await world.identity.verifySession(elsewhere.token),
      await resetTokens.get('link-hash'),
      await world.audit.list({ limit: 100 }),
    ]);
  await resetTokens.create(newResetToken('link-hash', admin.uid, world.clock.now()));
  return { world, admin, change, here, elsewhere, resetTokens, snapshot };
}

/** What the call was refused with (the contract tests' rejectionOf, as an Error). */
const refusal = (work: Promise<unknown>) => rejectionOf(work) as Promise<Error>;

const failuresOf = async (world: ReturnType<typeof makeWorld>, key: string) =>
  world.loginAttempts.countSince(key, new Date(world.clock.now().getTime() - LOGIN_WINDOW_MS));

describe('ChangePassword', () => {
  it('sets the new password, ends every session of the admin, opens a fresh one, uses up reset links and audits without a password', async () => {
    const { world, admin, change, here, elsewhere, resetTokens } = await setUp();
    const result = await change.execute(admin, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, OFFICE);
    expect(result.message).toBe(CHANGE_PASSWORD_MESSAGES.done);
    expect(await world.identity.verifySession(result.token)).toMatchObject({ uid: admin.uid });
    expect(result.expiresAt.getTime() - world.clock.now().getTime()).toBe(8 * 3600 * 1000);
    expect(await world.identity.verifySession(here.token)).toBeNull();
    expect(await world.identity.verifySession(elsewhere.token)).toBeNull();
    await expect(world.identity.signIn(EMAIL, OLD_PASSWORD)).rejects.toThrow(LOGIN_MESSAGES.invalid);
    expect(await world.identity.signIn(EMAIL, NEW_PASSWORD)).toMatchObject({ uid: admin.uid });
    expect((await resetTokens.get('link-hash'))?.usedAt).toBe(world.clock.now().toISOString());
    const entries = await world.audit.list({ limit: 10 });
    expect(entries).toEqual([
      expect.objectContaining({ action: 'admin.password-changed', actor: { kind: 'admin', uid: admin.uid, email: EMAIL }, recordId: admin.uid, changes: [] }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/password [12]/);
  });

  it('changes nothing for any wrong current password, and counts each as a failed sign-in', async () => {
    const { world, admin, change, snapshot } = await setUp();
    const before = await snapshot();
    let guesses = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s !== OLD_PASSWORD),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (guess, n) => {
          guesses += 1;
          const error = await refusal(
            change.execute(admin, { currentPassword: guess, newPassword: `${NEW_PASSWORD}${n}` }, { ip: `198.51.100.${guesses % 250}` }),
          );
          expect(error).toBeInstanceOf(ValidationError);
          expect(error.message).toBe(CHANGE_PASSWORD_MESSAGES.currentWrong);
          expect((error as ValidationError).fields).toEqual({ currentPassword: CHANGE_PASSWORD_MESSAGES.currentWrong });
          expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
    expect(await failuresOf(world, loginAttemptKeys(EMAIL, '').email)).toBe(guesses);
  });

  it('is held by the sign-in throttle: after 5 failures from an address even the right password is refused unchecked', async () => {
    const { admin, change, snapshot } = await setUp();
    for (let i = 0; i < 5; i += 1) await refusal(change.execute(admin, { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD }, OFFICE));
    const before = await snapshot();
    const error = await refusal(change.execute(admin, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, OFFICE));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toBe(LOGIN_MESSAGES.tooMany);
    expect(await snapshot()).toBe(before);
  });

  it("forgets the e-mail's and the address's failures once the right current password is given", async () => {
    const { world, admin, change } = await setUp();
    await refusal(change.execute(admin, { currentPassword: 'a typo', newPassword: NEW_PASSWORD }, OFFICE));
    await change.execute(admin, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, OFFICE);
    const keys = loginAttemptKeys(EMAIL, OFFICE.ip);
    for (const key of [keys.address, keys.email, keys.pair]) expect(await failuresOf(world, key)).toBe(0);
  });

  it('refuses bad input before any password is checked', async () => {
    const { world, admin, change, snapshot } = await setUp();
    const before = await snapshot();
    for (const body of [
      {},
      { currentPassword: '', newPassword: NEW_PASSWORD },
      { currentPassword: OLD_PASSWORD, newPassword: 'short' },
      { currentPassword: OLD_PASSWORD, newPassword: OLD_PASSWORD },
      null,
      'text',
    ]) {
      expect(await refusal(change.execute(admin, body, OFFICE))).toBeInstanceOf(ValidationError);
    }
    expect(await snapshot()).toBe(before);
    expect(await failuresOf(world, loginAttemptKeys(EMAIL, OFFICE.ip).address)).toBe(0);
  });

  it("says a password the provider's own policy refuses beside the new password, changing nothing", async () => {
    const policy = "The password does not meet the sign-in service's password policy";
    const { admin, change, snapshot } = await setUp((identity) =>
      Object.assign(Object.create(identity) as IdentityProvider, {
        setPassword: async () => {
          throw new ValidationError(policy, { password: policy });
        },
      }),
    );
    const before = await snapshot();
    const error = await refusal(change.execute(admin, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, OFFICE));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ newPassword: policy });
    expect(await snapshot()).toBe(before);
  });

  it('says so when the password changed but this browser could not be given a new session', async () => {
    const { world, admin, change } = await setUp((identity) =>
      Object.assign(Object.create(identity) as IdentityProvider, {
        createSession: async () => {
          throw new UnavailableError('Login failed. Please try again.');
        },
      }),
    );
    const error = await refusal(change.execute(admin, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, OFFICE));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toBe(CHANGE_PASSWORD_MESSAGES.signedOut);
    expect(await world.identity.signIn(EMAIL, NEW_PASSWORD)).toMatchObject({ uid: admin.uid });
    expect(await world.audit.list({ limit: 10 })).toHaveLength(1);
  });
});
