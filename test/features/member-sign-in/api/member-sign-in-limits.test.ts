import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import type { Firestore } from 'firebase-admin/firestore';
import type { Knex } from 'knex';
import { SIGN_IN_CAP_MAIL_KIND, SIGN_IN_MESSAGES } from '../../../../core/member-sign-in/member-sign-in';
import { MEMBER_SIGN_IN_MAIL_KIND } from '../../../../core/mail/secret-mail-kinds';
import type { Member } from '../../../../core/members/member';
import { eventually } from '../../../support/eventually';
import { FakePasskeyCeremony, fakeRegistrationAnswer, fakeSignInAnswer } from '../../../support/fake-passkey-ceremony';
import { FETCH, NOW, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import { clientAddresses } from '../../../support/api/signed-in-member';

/**
 * The limits of members' code sign-in against someone else's requests and guesses
 * (docs/member-sign-in.md): nobody can keep a member out, wrong codes are capped per e-mail and
 * day, and the limits store no e-mail. On SQLite and (project api-firestore) the Firestore emulator.
 */
let app: TestApp;
useTestApp({ env: { TRUST_PROXY: '1', CLUB_NAME: 'Kestrel Yacht Club' }, adapters: { passkeyCeremony: new FakePasskeyCeremony() } }, (started) => {
  app = started;
});

const nextIp = clientAddresses(6);

let members = 0;
async function addMember(): Promise<Member> {
  members += 1;
  const member: Member = {
    id: `limits-member-${members}`,
    name: `Lee Limits ${members}`,
    email: `lee${members}@example.org`,
    membershipType: 'Adult',
    renewalDate: '2027-03-31',
    disabled: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
  await app.get('members').create(member);
  return member;
}

const askCode = (email: string, ip: string) => app.agent().post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', ip).send({ email });
const checkCode = (email: string, code: string, ip: string, agent: TestAgent = app.agent()) =>
  agent.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', ip).send({ email, code });
const mailsOf = async (email: string, kind: string) => (await app.get('outbox').list()).filter((m) => m.mail.to === email && m.kind === kind);

/** The code in the newest of `count` sign-in e-mails to `email`. */
async function newestCode(email: string, count: number): Promise<string> {
  await eventually(async () => (await mailsOf(email, MEMBER_SIGN_IN_MAIL_KIND)).length).toBe(count);
  const newest = (await mailsOf(email, MEMBER_SIGN_IN_MAIL_KIND))[0];
  return /Your sign-in code is (\d{6})\./.exec(newest.mail.text)![1];
}

const notThe = (code: string) => (code === '000000' ? '000001' : '000000');

/** Every attempt the sign-in limits hold, as stored (SQLite rows or Firestore documents, guards included). */
async function storedAttempts(): Promise<string[]> {
  const { db } = app.get('loginAttempts') as unknown as { db: Knex | Firestore };
  if ('collection' in db) {
    const prefix = app.config.firestore!.collectionPrefix;
    const docs = await Promise.all(['loginFailures', 'loginAttemptGuards'].map(async (name) => (await db.collection(`${prefix}${name}`).get()).docs));
    return docs.flat().map((doc) => `${doc.id} ${JSON.stringify(doc.data())}`);
  }
  return (await db('login_failures').select('*')).map((row: object) => JSON.stringify(row));
}

describe('code sign-in limits', () => {
  it("keeps no member out: 5 addresses each asking for their code and sending 5 wrong ones, before and after the member asks, leave the member's own request and code working", async () => {
    const member = await addMember();
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    let mailed = 0;
    const attack = async () => {
      for (const ip of attackers) {
        expect((await askCode(member.email, ip)).status).toBe(200);
        mailed += 1;
        const wrong = notThe(await newestCode(member.email, mailed));
        for (let i = 0; i < 5; i += 1) expect((await checkCode(member.email, wrong, ip)).status).toBe(400);
      }
    };
    await attack();

    // The member, from a clean address: the request goes through and the newest code signs in,
    // even with the attack going on between the e-mail and the typing.
    const own = '198.51.100.77';
    const asked = await askCode(member.email, own);
    expect([asked.status, asked.body]).toEqual([200, { message: SIGN_IN_MESSAGES.sent }]);
    mailed += 1;
    const code = await newestCode(member.email, mailed);
    for (const ip of attackers) {
      expect((await askCode(member.email, ip)).status).toBe(200);
      mailed += 1;
      expect((await checkCode(member.email, notThe(code), ip)).status).toBe(429);
    }
    app.clock.advance(2 * 60_000);
    const agent = app.agent();
    const signIn = await checkCode(member.email, code, own, agent);
    expect(signIn.status).toBe(200);
    expect((await agent.get('/api/member/session')).body.member).toMatchObject({ id: member.id });

    // An hour on the attack starts again; the member asks again and signs in again.
    app.clock.advance(3_600_000);
    await attack();
    expect((await askCode(member.email, own)).status).toBe(200);
    mailed += 1;
    expect((await checkCode(member.email, await newestCode(member.email, mailed), own)).status).toBe(200);
  }, 120_000);

  it('caps wrong codes at 100 a day per e-mail from all addresses: then refuses code sign-in with a clear message, e-mails the member once, and lets a passkey in', async () => {
    const member = await addMember();
    // The member has a passkey from an earlier sign-in.
    const earlier = app.agent();
    expect((await askCode(member.email, nextIp())).status).toBe(200);
    expect((await checkCode(member.email, await newestCode(member.email, 1), nextIp(), earlier)).status).toBe(200);
    const options = await earlier.post('/api/member/passkeys/options').set(FETCH).send({});
    expect((await earlier.post('/api/member/passkeys').set(FETCH).send(fakeRegistrationAnswer(options.body.options.challenge, 'cred-limits-1'))).status).toBe(
      201,
    );

    expect((await askCode(member.email, nextIp())).status).toBe(200);
    const code = await newestCode(member.email, 2);
    // 20 addresses, 5 wrong codes each, over the day.
    for (let a = 0; a < 20; a += 1) {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1)
        expect((await checkCode(member.email, String((Number(code) + 1 + a * 5 + i) % 1_000_000).padStart(6, '0'), ip)).status).toBe(400);
      app.clock.advance(60_000);
    }
    const capped = await checkCode(member.email, code, nextIp());
    expect([capped.status, capped.body.error]).toEqual([429, SIGN_IN_MESSAGES.tooManyWrongCodes]);
    const askedAgain = await askCode(member.email, nextIp());
    expect([askedAgain.status, askedAgain.body.error]).toEqual([429, SIGN_IN_MESSAGES.tooManyWrongCodes]);
    for (let i = 0; i < 3; i += 1) expect((await checkCode(member.email, notThe(code), nextIp())).status).toBe(429);

    await eventually(async () => (await mailsOf(member.email, SIGN_IN_CAP_MAIL_KIND)).length).toBe(1);
    const [notice] = await mailsOf(member.email, SIGN_IN_CAP_MAIL_KIND);
    expect(notice.mail.text).toContain('many wrong sign-in codes');
    expect(notice.mail.text).toContain('passkey');
    expect(notice.mail.text).not.toContain(code);

    // A passkey still signs in.
    const phone = app.agent();
    const challenge = (await phone.post('/api/member/sign-in/passkey/options').set(FETCH).set('X-Forwarded-For', nextIp()).send({})).body.options
      .challenge as string;
    expect(
      (
        await phone
          .post('/api/member/sign-in/passkey')
          .set(FETCH)
          .set('X-Forwarded-For', nextIp())
          .send(fakeSignInAnswer(challenge, 'cred-limits-1', 1))
      ).status,
    ).toBe(200);

    // A day after the first wrong codes, a new code works again; the member was told once.
    app.clock.advance(24 * 3_600_000);
    expect((await askCode(member.email, nextIp())).status).toBe(200);
    expect((await checkCode(member.email, await newestCode(member.email, 3), nextIp())).status).toBe(200);
    expect(await mailsOf(member.email, SIGN_IN_CAP_MAIL_KIND)).toHaveLength(1);
  }, 120_000);

  it('stores no e-mail with the limits: requests and wrong codes are counted under a keyed hash', async () => {
    const member = await addMember();
    expect((await askCode(member.email, '192.0.2.10')).status).toBe(200);
    expect((await askCode('Stranger.Person@Example.org', '192.0.2.11')).status).toBe(200);
    expect((await checkCode('stranger.person@example.org', '123456', '192.0.2.12')).status).toBe(400);
    const stored = (await storedAttempts()).join('\n').toLowerCase();
    expect(stored).toContain('192.0.2.10');
    expect(stored).not.toContain('example.org');
    expect(stored).not.toContain(member.email);
    expect(stored).not.toContain(app.get('secrets').hash(member.email));
  });

  it('forgets, at start, the attempts once counted under raw e-mails', async () => {
    await app.get('loginAttempts').recordFailure(['member-code-email:old.member@example.org', 'member-code-ip:192.0.2.99'], app.clock.now());
    expect((await storedAttempts()).join('\n')).toContain('old.member@example.org');
    await app.restart();
    const stored = (await storedAttempts()).join('\n');
    expect(stored).not.toContain('old.member@example.org');
    expect(stored).toContain('192.0.2.99');
  });
});
