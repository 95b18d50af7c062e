import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import {
  FakePasskeyCeremony as FakeCeremony,
  fakeRegistrationAnswer as registrationAnswer,
  fakeSignInAnswer as signInAnswer,
} from '../../../support/fake-passkey-ceremony';
import { MemberPasskeys, PasskeyRegistration } from '../../../../core/member-sign-in/passkey-registration';
import { PasskeySignIn } from '../../../../core/member-sign-in/passkey-sign-in';
import {
  MAX_PASSKEY_SIGN_INS_PER_ADDRESS,
  MAX_PASSKEYS_PER_MEMBER,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MESSAGES,
} from '../../../../core/member-sign-in/passkeys';
import type { Member } from '../../../../core/members/member';
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from '../../../../core/shared/errors';
import { memoryStorage } from '../../../support/stores';

function aMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 'member-ann',
    name: 'Ann Sailor',
    email: 'ann@example.org',
    membershipType: 'Adult',
    renewalDate: '2027-03-31',
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

async function makeWorld() {
  const { members, passkeys, passkeyChallenges, memberSessions, addressLimits } = memoryStorage();
  const deps = {
    members,
    passkeys,
    passkeyChallenges,
    memberSessions,
    ceremony: new FakeCeremony(),
    addressLimits,
    secrets: new CryptoSecretTokens(),
    clock: new FixedClock('2026-06-01T09:00:00.000Z'),
  };
  const ann = aMember();
  await deps.members.create(ann);
  await deps.members.create(aMember({ id: 'member-bob', email: 'bob@example.org', name: 'Bob' }));
  return { ...deps, ann, registration: new PasskeyRegistration(deps), signIn: new PasskeySignIn(deps), mine: new MemberPasskeys(deps) };
}

const ip = { ip: '203.0.113.9' };

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as Error,
  );
}

async function addPasskey(world: Awaited<ReturnType<typeof makeWorld>>, id = 'cred-1') {
  const { options } = await world.registration.options(world.ann);
  return world.registration.execute(world.ann, registrationAnswer(String(options.challenge), id));
}

describe('adding a passkey', () => {
  it('stores the verified passkey for the member; the list shows it and removing takes it away', async () => {
    const world = await makeWorld();
    expect(await addPasskey(world)).toEqual({ id: 'cred-1', createdAt: '2026-06-01T09:00:00.000Z', lastUsedAt: null });
    expect(await world.mine.list(world.ann)).toEqual({ passkeys: [{ id: 'cred-1', createdAt: '2026-06-01T09:00:00.000Z', lastUsedAt: null }] });
    // Bob cannot remove Ann's passkey.
    expect(await refusal(world.mine.remove(aMember({ id: 'member-bob' }), { id: 'cred-1' }))).toEqual(new NotFoundError(PASSKEY_MESSAGES.notFound));
    await world.mine.remove(world.ann, { id: 'cred-1' });
    expect(await world.mine.list(world.ann)).toEqual({ passkeys: [] });
  });

  it("refuses an answer that does not verify, a challenge used twice, expired, or another member's, and stores nothing", async () => {
    const world = await makeWorld();
    const first = await world.registration.options(world.ann);
    expect(await refusal(world.registration.execute(world.ann, registrationAnswer(String(first.options.challenge), 'cred-1', 'forged')))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.registrationRefused),
    );
    // The refused answer used the challenge up.
    expect(await refusal(world.registration.execute(world.ann, registrationAnswer(String(first.options.challenge))))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.registrationRefused),
    );
    const late = await world.registration.options(world.ann);
    world.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    expect(await refusal(world.registration.execute(world.ann, registrationAnswer(String(late.options.challenge))))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.registrationRefused),
    );
    const bobs = await world.registration.options(aMember({ id: 'member-bob' }));
    expect(await refusal(world.registration.execute(world.ann, registrationAnswer(String(bobs.options.challenge))))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.registrationRefused),
    );
    expect(await refusal(world.registration.execute(world.ann, registrationAnswer('never-given')))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.registrationRefused),
    );
    expect(await world.passkeys.listByMember('member-ann')).toEqual([]);
  });

  it(`stops at ${MAX_PASSKEYS_PER_MEMBER} passkeys, and refuses the same passkey twice`, async () => {
    const world = await makeWorld();
    for (let n = 0; n < MAX_PASSKEYS_PER_MEMBER; n += 1) await addPasskey(world, `cred-${n}`);
    expect(await refusal(world.registration.options(world.ann))).toEqual(new ConflictError(PASSKEY_MESSAGES.tooManyPasskeys));
    await world.mine.remove(world.ann, { id: 'cred-0' });
    expect(await refusal(addPasskey(world, 'cred-1'))).toEqual(new ConflictError(PASSKEY_MESSAGES.alreadyAdded));
  });
});

describe('signing in with a passkey', () => {
  it("opens a member session for the passkey's member, records its use, and takes the challenge once", async () => {
    const world = await makeWorld();
    await addPasskey(world);
    world.clock.advance(60_000);
    const { options } = await world.signIn.options(ip);
    const signedIn = await world.signIn.execute(signInAnswer(String(options.challenge), 'cred-1', 3), ip);
    expect(signedIn.member).toEqual({ id: 'member-ann', name: 'Ann Sailor', email: 'ann@example.org', renewalDate: '2027-03-31' });
    expect(await world.memberSessions.get(world.secrets.hash(signedIn.token))).toMatchObject({ uid: 'member-ann' });
    expect(await world.passkeys.get('cred-1')).toMatchObject({ counter: 3, lastUsedAt: '2026-06-01T09:01:00.000Z' });
    // The same answer again (a replay): the challenge is gone.
    expect(await refusal(world.signIn.execute(signInAnswer(String(options.challenge), 'cred-1', 4), ip))).toEqual(
      new ValidationError(PASSKEY_MESSAGES.signInRefused),
    );
  });

  it('gives one refusal for an unknown passkey, an expired challenge, a bad signature, a counter gone back, and a disabled member, and opens no session', async () => {
    const world = await makeWorld();
    await addPasskey(world);
    const refused = new ValidationError(PASSKEY_MESSAGES.signInRefused);
    const attempt = async (answer: (challenge: string) => object, wait = 0) => {
      const { options } = await world.signIn.options(ip);
      world.clock.advance(wait);
      return refusal(world.signIn.execute(answer(String(options.challenge)), ip));
    };
    expect(await attempt((c) => signInAnswer(c, 'cred-unknown'))).toEqual(refused);
    expect(await attempt((c) => signInAnswer(c), PASSKEY_CHALLENGE_TTL_MS)).toEqual(refused);
    expect(await attempt((c) => signInAnswer(c, 'cred-1', 1, 'forged'))).toEqual(refused);
    const { options } = await world.signIn.options(ip);
    await world.signIn.execute(signInAnswer(String(options.challenge), 'cred-1', 5), ip);
    expect(await attempt((c) => signInAnswer(c, 'cred-1', 5))).toEqual(refused);
    await world.members.update({ ...world.ann, disabled: true });
    expect(await attempt((c) => signInAnswer(c, 'cred-1', 9))).toEqual(refused);
    // Only the one good sign-in made a session, and the disabled member's counter did not move.
    expect((await world.passkeys.get('cred-1'))?.counter).toBe(5);
  });

  it(`limits sign-in starts per client address to ${MAX_PASSKEY_SIGN_INS_PER_ADDRESS} an hour`, async () => {
    const world = await makeWorld();
    for (let n = 0; n < MAX_PASSKEY_SIGN_INS_PER_ADDRESS; n += 1) await world.signIn.options(ip);
    expect(await refusal(world.signIn.options(ip))).toEqual(new RateLimitError(PASSKEY_MESSAGES.tooManySignIns));
    await world.signIn.options({ ip: '198.51.100.1' });
  });
});
