import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { MEMBER_SIGN_IN_MAIL_KIND } from '../../../../core/mail/secret-mail-kinds';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEY_MESSAGES } from '../../../../core/member-sign-in/passkeys';
import type { Member } from '../../../../core/members/member';
import { eventually } from '../../../support/eventually';
import { FakePasskeyCeremony, fakeRegistrationAnswer, fakeSignInAnswer } from '../../../support/fake-passkey-ceremony';
import { FETCH, NOW, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { clientAddresses } from '../../../support/api/signed-in-member';

/**
 * Members' passkeys over HTTP, on SQLite and (project api-firestore) the Firestore emulator, with
 * WebAuthn's cryptography faked (test/support/fake-passkey-ceremony.ts): the challenge's single
 * use and expiry, unknown passkeys and disabled members, the session a passkey opens. The real
 * ceremony runs in Chromium (test/features/member-sign-in/e2e/member-passkeys.test.ts).
 */
let app: TestApp;
useTestApp({ env: { TRUST_PROXY: '1' }, adapters: { passkeyCeremony: new FakePasskeyCeremony() } }, (started) => {
  app = started;
});

const nextIp = clientAddresses(7);

let members = 0;
async function addMember(overrides: Partial<Member> = {}): Promise<Member> {
  members += 1;
  const member: Member = {
    id: `pk-member-${members}`,
    name: `Kim Passkey ${members}`,
    email: `kim${members}@example.org`,
    membershipType: 'Adult',
    renewalDate: '2027-03-31',
    disabled: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
  await app.get('members').create(member);
  return member;
}

/** An agent signed in as the member with an e-mailed code, as a member would first. */
async function signedIn(member: Member): Promise<TestAgent> {
  const agent = app.agent();
  expect((await agent.post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', nextIp()).send({ email: member.email })).status).toBe(200);
  const mailed = async () => (await app.get('outbox').list()).filter((m) => m.mail.to === member.email && m.kind === MEMBER_SIGN_IN_MAIL_KIND);
  await eventually(async () => (await mailed()).length).toBe(1);
  const code = /Your sign-in code is (\d{6})\./.exec((await mailed())[0].mail.text)![1];
  expect((await agent.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', nextIp()).send({ email: member.email, code })).status).toBe(200);
  return agent;
}

async function addPasskey(agent: TestAgent, id: string) {
  const options = await agent.post('/api/member/passkeys/options').set(FETCH).send({});
  expect(options.status).toBe(200);
  return agent.post('/api/member/passkeys').set(FETCH).send(fakeRegistrationAnswer(options.body.options.challenge, id));
}

async function signInOptions(agent: TestAgent): Promise<string> {
  const options = await agent.post('/api/member/sign-in/passkey/options').set(FETCH).set('X-Forwarded-For', nextIp()).send({});
  expect(options.status).toBe(200);
  return options.body.options.challenge as string;
}

const signInWith = (agent: TestAgent, answer: object) => agent.post('/api/member/sign-in/passkey').set(FETCH).set('X-Forwarded-For', nextIp()).send(answer);
const sessionOf = async (agent: TestAgent) => (await agent.get('/api/member/session')).body.member as { id: string } | null;

/** A device of its own signed in with this passkey, its signature counter now at `counter`. */
async function deviceSignedInWith(credentialId: string, counter: number): Promise<TestAgent> {
  const device = app.agent();
  expect((await signInWith(device, fakeSignInAnswer(await signInOptions(device), credentialId, counter))).status).toBe(200);
  return device;
}

describe('members’ passkeys over HTTP', () => {
  it('a signed-in member adds a passkey, sees it, signs in with it in another browser, and removes it', async () => {
    const member = await addMember();
    const agent = await signedIn(member);
    const added = await addPasskey(agent, 'cred-api-1');
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: 'cred-api-1', createdAt: NOW, lastUsedAt: null });
    expect((await agent.get('/api/member/passkeys')).body).toEqual({ passkeys: [{ id: 'cred-api-1', createdAt: NOW, lastUsedAt: null }] });

    const phone = app.agent();
    const signIn = await signInWith(phone, fakeSignInAnswer(await signInOptions(phone), 'cred-api-1', 1));
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({ member: { id: member.id, name: member.name, email: member.email, renewalDate: member.renewalDate } });
    expect(String(signIn.headers['set-cookie'])).toMatch(/kyc_member=.+HttpOnly/);
    expect(await sessionOf(phone)).toMatchObject({ id: member.id });
    expect((await agent.get('/api/member/passkeys')).body.passkeys[0].lastUsedAt).toBe(NOW);

    expect((await agent.delete('/api/member/passkeys/cred-api-1').set(FETCH)).status).toBe(204);
    expect((await agent.get('/api/member/passkeys')).body).toEqual({ passkeys: [] });
    const after = await signInWith(app.agent(), fakeSignInAnswer(await signInOptions(app.agent()), 'cred-api-1', 2));
    expect(after.status).toBe(400);
  });

  it('a challenge works once: the same answer sent twice (or two at once) signs in only once', async () => {
    const member = await addMember();
    expect((await addPasskey(await signedIn(member), 'cred-api-once')).status).toBe(201);
    const challenge = await signInOptions(app.agent());
    const answers = await Promise.all([1, 2, 3, 4].map(() => signInWith(app.agent(), fakeSignInAnswer(challenge, 'cred-api-once', 1))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.body.error).toBe(PASSKEY_MESSAGES.signInRefused);
  });

  it('refuses an expired challenge, an unknown passkey and a disabled member with one message, and sets no cookie', async () => {
    const member = await addMember();
    expect((await addPasskey(await signedIn(member), 'cred-api-2')).status).toBe(201);
    const expectRefused = async (answer: object) => {
      const agent = app.agent();
      const res = await signInWith(agent, answer);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(PASSKEY_MESSAGES.signInRefused);
      expect(res.headers['set-cookie']).toBeUndefined();
    };
    const late = await signInOptions(app.agent());
    app.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    await expectRefused(fakeSignInAnswer(late, 'cred-api-2', 1));
    await expectRefused(fakeSignInAnswer(await signInOptions(app.agent()), 'cred-nobody-has', 1));
    await expectRefused(fakeSignInAnswer(await signInOptions(app.agent()), 'cred-api-2', 1, 'forged'));
    await app.get('members').update({ ...member, disabled: true });
    await expectRefused(fakeSignInAnswer(await signInOptions(app.agent()), 'cred-api-2', 1));
  });

  it('adding, listing and removing need a member session; a member cannot remove another’s passkey', async () => {
    const owner = await addMember();
    expect((await addPasskey(await signedIn(owner), 'cred-api-3')).status).toBe(201);
    const visitor = app.agent();
    expect((await visitor.get('/api/member/passkeys')).status).toBe(401);
    expect((await visitor.post('/api/member/passkeys/options').set(FETCH).send({})).status).toBe(401);
    expect((await visitor.post('/api/member/passkeys').set(FETCH).send(fakeRegistrationAnswer('x'))).status).toBe(401);
    expect((await visitor.delete('/api/member/passkeys/cred-api-3').set(FETCH)).status).toBe(401);
    const other = await signedIn(await addMember());
    const removed = await other.delete('/api/member/passkeys/cred-api-3').set(FETCH);
    expect(removed.status).toBe(404);
    expect(removed.body.error).toBe(PASSKEY_MESSAGES.notFound);
    expect(await app.get('passkeys').get('cred-api-3')).toMatchObject({ memberId: owner.id });
    // A registration challenge is the member's own: another member's answer to it adds nothing.
    const ownerAgent = await signedIn(await addMember());
    const options = await ownerAgent.post('/api/member/passkeys/options').set(FETCH).send({});
    const stolen = await other.post('/api/member/passkeys').set(FETCH).send(fakeRegistrationAnswer(options.body.options.challenge, 'cred-stolen'));
    expect(stolen.status).toBe(400);
    expect(await app.get('passkeys').get('cred-stolen')).toBeNull();
  });

  it('removing a passkey (a lost phone) ends the sessions it opened, and no other', async () => {
    const member = await addMember();
    const laptop = await signedIn(member);
    expect((await addPasskey(laptop, 'cred-api-lost')).status).toBe(201);
    expect((await addPasskey(laptop, 'cred-api-kept')).status).toBe(201);
    const phone = await deviceSignedInWith('cred-api-lost', 1);
    const tablet = await deviceSignedInWith('cred-api-kept', 1);
    const other = await signedIn(await addMember());
    expect((await addPasskey(other, 'cred-api-other')).status).toBe(201);
    const othersPhone = await deviceSignedInWith('cred-api-other', 1);

    expect((await laptop.delete('/api/member/passkeys/cred-api-lost').set(FETCH)).status).toBe(204);
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(laptop)).toMatchObject({ id: member.id });
    expect(await sessionOf(tablet)).toMatchObject({ id: member.id });
    expect(await sessionOf(othersPhone)).not.toBeNull();
  });

  it('"Sign out everywhere" ends every session of the member, on every device, and no other member\'s', async () => {
    const member = await addMember();
    const laptop = await signedIn(member);
    expect((await addPasskey(laptop, 'cred-api-everywhere')).status).toBe(201);
    const phone = await deviceSignedInWith('cred-api-everywhere', 1);
    const desktop = await deviceSignedInWith('cred-api-everywhere', 2);
    const other = await signedIn(await addMember());

    const out = await phone.post('/api/member/sign-out-everywhere').set(FETCH);
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/kyc_member=;/);
    for (const agent of [phone, laptop, desktop]) expect(await sessionOf(agent)).toBeNull();
    expect(await sessionOf(other)).not.toBeNull();
    // The passkey stays: the member signs in with it again.
    await deviceSignedInWith('cred-api-everywhere', 3);
    expect((await app.agent().post('/api/member/sign-out-everywhere').send({})).status).toBe(403);
  });

  it('refuses cross-site requests (no X-Requested-With) on every passkey write', async () => {
    expect((await app.agent().post('/api/member/sign-in/passkey/options').send({})).status).toBe(403);
    expect((await app.agent().post('/api/member/sign-in/passkey').send(fakeSignInAnswer('x'))).status).toBe(403);
    expect((await app.agent().post('/api/member/passkeys/options').send({})).status).toBe(403);
  });
});
