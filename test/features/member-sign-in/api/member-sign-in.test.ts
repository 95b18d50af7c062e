import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { SIGN_IN_MESSAGES } from '../../../../core/member-sign-in/member-sign-in';
import { MEMBER_SIGN_IN_MAIL_KIND } from '../../../../core/mail/secret-mail-kinds';
import type { Member } from '../../../../core/members/member';
import { eventually } from '../../../support/eventually';
import { addListedMember, clientAddresses } from '../../../support/api/signed-in-member';
import { FETCH, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

const BASE_URL = 'https://members.kestrel-yc.example';

let app: TestApp;
useTestApp({ env: { PUBLIC_BASE_URL: BASE_URL, CLUB_NAME: 'Kestrel Yacht Club', TRUST_PROXY: '1' } }, (started) => {
  app = started;
});

const nextIp = clientAddresses(9);

const addMember = (overrides: Partial<Member> = {}) => addListedMember(app, overrides);

const askCode = (email: string, ip = nextIp(), agent: TestAgent = app.agent()) =>
  agent.post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', ip).send({ email });
const checkCode = (agent: TestAgent, email: string, code: string, ip = nextIp()) =>
  agent.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', ip).send({ email, code });
const sessionOf = async (agent: TestAgent) => (await agent.get('/api/member/session')).body.member as { name: string } | null;

async function mailsTo(email: string) {
  return (await app.get('outbox').list()).filter((message) => message.mail.to === email);
}

/** The code and link of the latest sign-in e-mail to `email`, once the outbox has it. */
async function codeMailed(email: string, count = 1): Promise<{ code: string; link: string }> {
  await eventually(async () => (await mailsTo(email)).length).toBe(count);
  const mail = (await mailsTo(email)).at(-1)!;
  expect(mail.kind).toBe(MEMBER_SIGN_IN_MAIL_KIND);
  const code = /Your sign-in code is (\d{6})\./.exec(mail.mail.text)?.[1];
  const link = new RegExp(`${BASE_URL.replace(/\./g, '\\.')}/sign-in#\\S+`).exec(mail.mail.text)?.[0];
  if (!code || !link) throw new Error(`No code or link in: ${mail.mail.text}`);
  expect(mail.mail.subject).not.toContain(code);
  return { code, link };
}

/** A new listed member who asked a code (from an address of their own) and was mailed it. */
async function memberWithCode(): Promise<{ member: Member; code: string }> {
  const member = await addMember();
  expect((await askCode(member.email)).status).toBe(200);
  const { code } = await codeMailed(member.email);
  return { member, code };
}

async function signedIn(member: Member): Promise<TestAgent> {
  const agent = app.agent();
  expect((await askCode(member.email)).status).toBe(200);
  const { code } = await codeMailed(member.email);
  expect((await checkCode(agent, member.email, code)).status).toBe(200);
  return agent;
}

const storedCode = async (email: string) => app.get('signInCodes').get(app.get('signInKeys').emailKey(email));

describe('member sign-in with an e-mailed code', () => {
  it('e-mails a code and a link; the link does not sign in, the code does, with a cookie of its own', async () => {
    const member = await addMember({ email: 'Sam.Sailor@Example.org', name: 'Sam Sailor' });
    const asked = await askCode('sam.sailor@example.org');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: SIGN_IN_MESSAGES.sent });
    const { code, link } = await codeMailed(member.email);
    expect(link).toBe(`${BASE_URL}/sign-in#email=sam.sailor%40example.org&code=${code}`);

    // Opening the link (what a mail scanner does) signs no one in and uses no try.
    const agent = app.agent();
    const opened = await agent.get(new URL(link).pathname);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(await sessionOf(agent)).toBeNull();
    expect((await storedCode(member.email))?.tries).toBe(0);

    const checked = await checkCode(agent, 'SAM.SAILOR@example.org', ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ member: { id: member.id, name: 'Sam Sailor', email: member.email, renewalDate: member.renewalDate } });
    const cookie = (checked.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kyc_member='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(await sessionOf(agent)).toMatchObject({ name: 'Sam Sailor' });
    // A member session is no admin session.
    expect((await agent.get('/api/admin/session')).status).toBe(401);
    // Only hashes are stored.
    expect(JSON.stringify(await storedCode(member.email))).not.toContain(code);
  });

  it('refuses a used code', async () => {
    const { member, code } = await memberWithCode();
    expect((await checkCode(app.agent(), member.email, code)).status).toBe(200);
    const again = await checkCode(app.agent(), member.email, code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(SIGN_IN_MESSAGES.invalidCode);
  });

  it('refuses a code from its 10th minute on', async () => {
    const { member, code } = await memberWithCode();
    app.clock.advance(10 * 60_000);
    const late = await checkCode(app.agent(), member.email, code);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(SIGN_IN_MESSAGES.invalidCode);
  });

  it('refuses a 6th code from an address that sent 5 wrong ones for the e-mail; the right code from another address signs in', async () => {
    const { member, code } = await memberWithCode();
    const wrong = code === '000000' ? '000001' : '000000';
    const guesser = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await checkCode(app.agent(), member.email, wrong, guesser)).body.error).toBe(SIGN_IN_MESSAGES.invalidCode);
    const sixth = await checkCode(app.agent(), member.email, code, guesser);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe(SIGN_IN_MESSAGES.tooManyChecks);
    expect((await checkCode(app.agent(), member.email, code)).status).toBe(200);
  });

  it('of 100 wrong codes sent at once from one address checks at most 5; the right code from there afterwards is refused', async () => {
    const { member, code } = await memberWithCode();
    const guesses = Array.from({ length: 100 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const guesser = nextIp();
    const answers = await Promise.all(guesses.map((guess) => checkCode(app.agent(), member.email, guess, guesser)));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(95);
    expect((await storedCode(member.email))?.tries).toBe(5);
    expect((await checkCode(app.agent(), member.email, code, guesser)).status).toBe(429);
  }, 120_000);

  // That the member's answer waits for no work a stranger's does not is checked call by call in
  // test/features/member-sign-in/unit/request-sign-in-code.test.ts; `npm run bench` prints the two times.
  it('answers a member and a stranger alike, and e-mails only the member', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => addMember()));
    const strangers = people.map((_, i) => `stranger${i}@example.org`);
    for (let i = 0; i < people.length; i += 1) {
      const member = await askCode(people[i].email);
      const stranger = await askCode(strangers[i]);
      expect(member.status).toBe(200);
      expect(stranger.status).toBe(member.status);
      expect(stranger.body).toEqual(member.body);
    }
    for (const person of people) await codeMailed(person.email);
    for (const stranger of strangers) expect(await mailsTo(stranger)).toEqual([]);
  });

  it('sends a disabled member no code, with the same answer', async () => {
    const member = await addMember({ disabled: true });
    const answer = await askCode(member.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: SIGN_IN_MESSAGES.sent });
    await app.get('outbox').list();
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('limits code requests per e-mail from one address, for members and strangers alike, and per client address', async () => {
    const member = await addMember();
    for (const email of [member.email, 'nobody-here@example.org']) {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1) expect((await askCode(email, ip)).status).toBe(200);
      const sixth = await askCode(email, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body.error).toBe(SIGN_IN_MESSAGES.tooManyRequests);
      // Another address's requests are its own.
      expect((await askCode(email)).status).toBe(200);
    }
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) expect((await askCode(`someone${i}@example.org`, ip)).status).toBe(200);
    expect((await askCode('one-more@example.org', ip)).status).toBe(429);
  });

  it("ends a member's session when the member is disabled, for good", async () => {
    const member = await addMember();
    const agent = await signedIn(member);
    expect(await sessionOf(agent)).toMatchObject({ name: member.name });
    await app.get('members').update({ ...member, disabled: true });
    expect(await sessionOf(agent)).toBeNull();
    await app.get('members').update({ ...member, disabled: false });
    expect(await sessionOf(agent)).toBeNull();
  });

  it('ends a session after 30 days, and on sign out', async () => {
    const member = await addMember();
    const agent = await signedIn(member);
    app.clock.advance(30 * 24 * 3_600_000 - 1);
    expect(await sessionOf(agent)).not.toBeNull();
    app.clock.advance(1);
    expect(await sessionOf(agent)).toBeNull();
    const other = await signedIn(await addMember());
    const cookie = (await other.get('/api/member/session')).request.cookies;
    expect((await other.post('/api/member/sign-out').set(FETCH)).status).toBe(204);
    expect(await sessionOf(other)).toBeNull();
    // The old cookie, sent again, signs no one in.
    expect((await app.agent().get('/api/member/session').set('Cookie', cookie)).body.member).toBeNull();
  });

  it('refuses a cross-site request to sign in or out', async () => {
    expect((await app.agent().post('/api/member/sign-in/code').send({ email: 'x@example.org' })).status).toBe(403);
    expect((await app.agent().post('/api/member/sign-out')).status).toBe(403);
  });
});
