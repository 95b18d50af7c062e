import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import { MemoryPasswordResetTokenRepository } from '../../../../adapters/memory/memory-password-reset-token-repository';
import { RESET_MESSAGES, RESET_TOKEN_TTL_MS } from '../../../../core/admins/password-reset';
import { PASSWORD_RESET_MAIL_KIND } from '../../../../core/mail/secret-mail-kinds';
import { NotFoundError, RateLimitError, UnauthenticatedError, UnavailableError, ValidationError } from '../../../../core/shared/errors';
import type { IdentityProvider } from '../../../../core/admins/identity-provider.port';
import { ADMIN_MESSAGES } from '../../../../core/admin-accounts/create-admin';
import { RequestPasswordReset } from '../../../../core/admin-accounts/request-password-reset';
import { ResetPassword } from '../../../../core/admin-accounts/reset-password';
import { makeWorld } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

const EMAIL = 'commodore@club.example';
const OLD_PASSWORD = 'old password 1';
const NEW_PASSWORD = 'new password 2';
const OFFICE = { ip: '192.0.2.10' };

async function setUp(options: { mailOn?: boolean; identity?: IdentityProvider } = {}) {
  const world = makeWorld();
  const resetTokens = new MemoryPasswordResetTokenRepository();
  const secrets = new CryptoSecretTokens();
  const user = await world.identity.createUser({ email: EMAIL, password: OLD_PASSWORD, displayName: 'The Commodore' });
  const admin = anAdmin({ uid: user.uid, email: EMAIL });
  await world.admins.create(admin);
  const reported: unknown[] = [];
  const identity = options.identity ?? world.identity;
  const request = new RequestPasswordReset({
    identity,
    admins: world.admins,
    loginAttempts: world.loginAttempts,
    resetTokens,
    secrets,
    outbox: world.outbox,
    ids: world.ids,
    clock: world.clock,
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' },
    mailOn: options.mailOn ?? true,
    reportPasswordResetError: (error) => reported.push(error),
  });
  const reset = new ResetPassword({
    identity,
    admins: world.admins,
    resetTokens,
    secrets,
    sessions: world.sessions,
    loginAttempts: world.loginAttempts,
    clock: world.clock,
    audit: world.audit,
    ids: world.ids,
  });
  /** The token of the newest reset e-mail in the outbox. */
  const mailedToken = async (): Promise<string> => {
    const [message] = await world.outbox.list();
    const match = /\/admin\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(message?.mail.text ?? '');
    if (!match) throw new Error('No reset link was mailed');
    return match[1];
  };
  return { world, admin, resetTokens, secrets, request, reset, reported, mailedToken };
}

async function refusal(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('Expected a refusal');
}

describe('RequestPasswordReset', () => {
  it("writes a reset e-mail with a one-hour link to the admin's address to the outbox, storing only the token's hash", async () => {
    const { world, admin, resetTokens, secrets, request, mailedToken } = await setUp();
    expect(await request.execute({ email: ' Commodore@Club.Example ' }, OFFICE)).toEqual({ message: RESET_MESSAGES.sent });
    const [message] = await world.outbox.list();
    expect(message).toMatchObject({
      kind: PASSWORD_RESET_MAIL_KIND,
      recordId: admin.uid,
      status: 'queued',
      mail: { to: EMAIL, subject: 'Reset your Kestrel Yacht Club admin password' },
    });
    const token = await mailedToken();
    expect(message.mail.text).toContain(`https://members.kestrel-yc.example/admin/reset-password?token=${token}`);
    expect(await resetTokens.get(token)).toBeNull();
    expect(await resetTokens.get(secrets.hash(token))).toEqual({
      tokenHash: secrets.hash(token),
      uid: admin.uid,
      createdAt: '2026-06-01T09:00:00.000Z',
      expiresAt: '2026-06-01T10:00:00.000Z',
      usedAt: null,
    });
  });

  it('answers an unknown address and a disabled admin word for word as an admin, and sends them nothing', async () => {
    const { world, admin, request } = await setUp();
    await world.admins.create(anAdmin({ uid: 'gone', email: 'former@club.example', disabled: true }));
    const answers = [await request.execute({ email: 'stranger@example.org' }, OFFICE), await request.execute({ email: 'former@club.example' }, OFFICE)];
    expect(await world.outbox.list()).toEqual([]);
    answers.push(await request.execute({ email: admin.email }, OFFICE));
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ message: RESET_MESSAGES.sent })]));
    expect(await world.outbox.list()).toHaveLength(1);
  });

  it('refuses a missing or malformed address with the field named, writing nothing', async () => {
    const { world, request } = await setUp();
    const empty = await refusal(request.execute({ email: '  ' }, OFFICE));
    expect(empty).toBeInstanceOf(ValidationError);
    expect((empty as ValidationError).fields).toEqual({ email: RESET_MESSAGES.emailRequired });
    expect(((await refusal(request.execute({ email: 'not-an-address' }, OFFICE))) as ValidationError).fields).toEqual({ email: RESET_MESSAGES.emailInvalid });
    expect(await world.outbox.list()).toEqual([]);
  });

  it('limits requests per e-mail (3 an hour), admin or not, and per address (10 an hour)', async () => {
    const { world, request } = await setUp();
    for (const email of [EMAIL, 'stranger@example.org']) {
      for (let i = 0; i < 3; i += 1) await request.execute({ email }, { ip: `198.51.100.${email.length}` });
      const refused = await refusal(request.execute({ email: email.toUpperCase() }, { ip: '203.0.113.99' }));
      expect(refused).toBeInstanceOf(RateLimitError);
      expect(refused.message).toBe(RESET_MESSAGES.tooMany);
    }
    expect(await world.outbox.list()).toHaveLength(3);
    for (let i = 0; i < 10; i += 1) await request.execute({ email: `someone${i}@example.org` }, OFFICE);
    expect(await refusal(request.execute({ email: 'one-more@example.org' }, OFFICE))).toBeInstanceOf(RateLimitError);
    // An hour later both limits have let go.
    world.clock.advance(RESET_TOKEN_TTL_MS + 1);
    expect(await request.execute({ email: EMAIL }, OFFICE)).toEqual({ message: RESET_MESSAGES.sent });
  });

  it('is not available for local accounts with mail off (nothing could reach the admin)', async () => {
    const { world, request } = await setUp({ mailOn: false });
    expect(request.available()).toBe(false);
    const refused = await refusal(request.execute({ email: EMAIL }, OFFICE));
    expect(refused).toBeInstanceOf(NotFoundError);
    expect(refused.message).toBe(RESET_MESSAGES.unavailable);
    expect(await world.outbox.list()).toEqual([]);
  });
});

/** A provider that sends its own reset e-mail, as Firebase does: records what it was asked. */
function providerResetting(inner: IdentityProvider, fail: () => Error | null = () => null): IdentityProvider & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(Object.create(inner) as IdentityProvider, {
    asked,
    passwordReset: 'provider' as const,
    async sendPasswordResetEmail(email: string) {
      const error = fail();
      if (error) throw error;
      asked.push(email);
    },
  });
}

describe('RequestPasswordReset with a provider that sends its own e-mail', () => {
  it('asks the provider to e-mail an enabled admin only, even with mail off; our outbox stays empty', async () => {
    const world = makeWorld();
    const identity = providerResetting(world.identity);
    const { request, world: w } = await setUp({ identity, mailOn: false });
    expect(request.available()).toBe(true);
    await request.execute({ email: 'stranger@example.org' }, OFFICE);
    expect(await request.execute({ email: EMAIL }, OFFICE)).toEqual({ message: RESET_MESSAGES.sent });
    expect(identity.asked).toEqual([EMAIL]);
    expect(await w.outbox.list()).toEqual([]);
  });

  it('keeps the same answer when the provider fails, and reports the failure', async () => {
    const world = makeWorld();
    const identity = providerResetting(world.identity, () => new UnavailableError('down'));
    const { request, reported } = await setUp({ identity });
    expect(await request.execute({ email: EMAIL }, OFFICE)).toEqual({ message: RESET_MESSAGES.sent });
    expect(reported).toEqual([expect.any(UnavailableError)]);
  });

  it('has no links of its own to confirm', async () => {
    const world = makeWorld();
    const { reset } = await setUp({ identity: providerResetting(world.identity) });
    expect(await refusal(reset.execute({ token: 'a'.repeat(43), password: NEW_PASSWORD }))).toBeInstanceOf(NotFoundError);
  });
});

describe('ResetPassword', () => {
  it('sets the new password, ends every session of the admin, uses up the link and records it in the audit log', async () => {
    const { world, admin, request, reset, mailedToken } = await setUp();
    const laptop = await world.identity.createSession(admin.uid, 3_600_000);
    const phone = await world.identity.createSession(admin.uid, 3_600_000);
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    world.clock.advance(10 * 60_000);

    expect(await reset.execute({ token, password: NEW_PASSWORD })).toEqual({ message: RESET_MESSAGES.done });
    expect((await world.identity.signIn(EMAIL, NEW_PASSWORD)).uid).toBe(admin.uid);
    expect(await refusal(world.identity.signIn(EMAIL, OLD_PASSWORD))).toBeInstanceOf(UnauthenticatedError);
    expect(await world.identity.verifySession(laptop.token)).toBeNull();
    expect(await world.identity.verifySession(phone.token)).toBeNull();
    const [entry] = await world.audit.list({ limit: 10 });
    expect(entry).toMatchObject({
      at: '2026-06-01T09:10:00.000Z',
      actor: { kind: 'admin', uid: admin.uid, email: EMAIL },
      action: 'admin.password-reset',
      recordType: 'admin',
      recordId: admin.uid,
      changes: [],
    });

    const again = await refusal(reset.execute({ token, password: 'yet another one' }));
    expect(again).toBeInstanceOf(ValidationError);
    expect(again.message).toBe(RESET_MESSAGES.used);
    expect((await world.identity.signIn(EMAIL, NEW_PASSWORD)).uid).toBe(admin.uid);
  });

  it("using one link retires the admin's other links", async () => {
    const { world, request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const first = await mailedToken();
    world.clock.advance(60_000);
    await request.execute({ email: EMAIL }, OFFICE);
    const second = await mailedToken();
    expect(second).not.toBe(first);
    await reset.execute({ token: second, password: NEW_PASSWORD });
    expect((await refusal(reset.execute({ token: first, password: 'another password' }))).message).toBe(RESET_MESSAGES.used);
  });

  it('works until the last instant of its hour and is refused as expired from then on', async () => {
    const { world, request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    world.clock.advance(RESET_TOKEN_TTL_MS);
    const expired = await refusal(reset.execute({ token, password: NEW_PASSWORD }));
    expect(expired).toBeInstanceOf(ValidationError);
    expect(expired.message).toBe(RESET_MESSAGES.expired);

    await request.execute({ email: EMAIL }, OFFICE);
    const fresh = await mailedToken();
    world.clock.advance(RESET_TOKEN_TTL_MS - 1);
    expect(await reset.execute({ token: fresh, password: NEW_PASSWORD })).toEqual({ message: RESET_MESSAGES.done });
  });

  it('refuses any altered or made-up token and changes nothing', async () => {
    const { world, request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    const session = await world.identity.createSession((await world.admins.getByEmail(EMAIL))!.uid, 3_600_000);
    const urlSafe = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
    const oneCharacterChanged = fc.tuple(fc.nat({ max: 42 }), urlSafe).map(([at, c]) => `${token.slice(0, at)}${c}${token.slice(at + 1)}`);
    const altered = fc.oneof(
      oneCharacterChanged,
      fc.string({ unit: urlSafe, minLength: 43, maxLength: 43 }),
      fc.string({ maxLength: 200 }),
      fc.constant(`${token}=`),
      fc.constant(token.slice(1)),
    );
    await fc.assert(
      fc.asyncProperty(
        altered.filter((t) => t !== token),
        async (wrong) => {
          const refused = await refusal(reset.execute({ token: wrong, password: NEW_PASSWORD }));
          expect(refused).toBeInstanceOf(ValidationError);
          expect(refused.message).toBe(RESET_MESSAGES.invalid);
        },
      ),
      { numRuns: 200 },
    );
    expect((await world.identity.signIn(EMAIL, OLD_PASSWORD)).email).toBe(EMAIL);
    expect(await world.identity.verifySession(session.token)).not.toBeNull();
    expect(await world.audit.list({ limit: 10 })).toEqual([]);
    expect(await reset.execute({ token, password: NEW_PASSWORD })).toEqual({ message: RESET_MESSAGES.done });
  });

  it('holds the new password to the rule for a new admin, and keeps the link for a better try', async () => {
    const { world, request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    const refused = await refusal(reset.execute({ token, password: 'short' }));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({ password: ADMIN_MESSAGES.passwordTooShort });
    expect(await reset.execute({ token, password: NEW_PASSWORD })).toEqual({ message: RESET_MESSAGES.done });
    expect((await world.identity.signIn(EMAIL, NEW_PASSWORD)).email).toBe(EMAIL);
  });

  it('lets only one of two racing uses of a link through', async () => {
    const { request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    const outcomes = await Promise.allSettled([reset.execute({ token, password: 'first password' }), reset.execute({ token, password: 'second password' })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [lost] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect((lost.reason as Error).message).toBe(RESET_MESSAGES.used);
  });

  it('refuses the link of an admin disabled since it was sent', async () => {
    const { world, admin, request, reset, mailedToken } = await setUp();
    await request.execute({ email: EMAIL }, OFFICE);
    const token = await mailedToken();
    await world.admins.update({ ...admin, disabled: true });
    expect((await refusal(reset.execute({ token, password: NEW_PASSWORD }))).message).toBe(RESET_MESSAGES.invalid);
  });
});
