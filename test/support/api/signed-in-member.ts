import type TestAgent from 'supertest/lib/agent';
import type { Member } from '../../../core/members/member';
import { FETCH, NOW, type TestApp } from './test-app';

/** What makes someone on the club's list a current adult member (through 2027-03-31), listed at the tests' NOW. */
export const CURRENT_ADULT = { membershipType: 'Adult', renewalDate: '2027-03-31', disabled: false, createdAt: NOW, updatedAt: NOW } satisfies Partial<Member>;

/** A current adult member, not yet on the list, whose address is `<id>@club.example`. */
export function clubMember(id: string, name: string, overrides: Partial<Member> = {}): Member {
  return { id, name, email: `${id}@club.example`, ...CURRENT_ADULT, ...overrides };
}

let members = 0;
/** Puts a member on the club's list (current through 2027-03-31 unless told otherwise). */
export async function addListedMember(app: TestApp, overrides: Partial<Member> = {}): Promise<Member> {
  members += 1;
  const member: Member = {
    id: `listed-member-${members}`,
    name: `Robin Listed ${members}`,
    email: `robin${members}@example.org`,
    ...CURRENT_ADULT,
    ...overrides,
  };
  await app.get('members').create(member);
  return member;
}

/**
 * Client addresses of their own, one a call, in 10.<block>.0.0/16 (a block to each test file), so that
 * the per-address limits stay out of a test's way unless it wants them.
 */
export function clientAddresses(block: number): () => string {
  let addresses = 0;
  return () => {
    addresses += 1;
    return `10.${block}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
}

const nextIp = clientAddresses(77);
/** An agent signed in as `member` through the e-mailed code, as a member would (the code read from the outbox). */
export async function signedInMember(app: TestApp, member: Member): Promise<TestAgent> {
  const ip = nextIp();
  const agent = app.agent();
  const mailsTo = async () => (await app.get('outbox').list()).filter((message) => message.mail.to === member.email);
  const earlier = new Set((await mailsTo()).map((message) => message.id));
  const before = earlier.size;
  const asked = await agent.post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', ip).send({ email: member.email });
  if (asked.status !== 200) throw new Error(`Asking a sign-in code answered ${asked.status}`);
  // Polled by hand (not expect.poll) so that a beforeAll may sign a member in too.
  for (let tries = 0; (await mailsTo()).length <= before; tries += 1) {
    if (tries > 200) throw new Error(`No sign-in code mailed to ${member.email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // The code just mailed: the outbox lists newest first, and with the tests' fixed clock ties fall by id.
  const fresh = (await mailsTo()).find((message) => !earlier.has(message.id));
  const code = /Your sign-in code is (\d{6})\./.exec(fresh?.mail.text ?? '')?.[1];
  if (!code) throw new Error('No sign-in code mailed');
  const signed = await agent.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', ip).send({ email: member.email, code });
  if (signed.status !== 200) throw new Error(`Signing in answered ${signed.status}`);
  return agent;
}
