import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { strFromU8, unzipSync } from 'fflate';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';
import type { Member } from '../../../../core/members/member';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

// Household invitations hold e-mail addresses, perhaps of no member: they lapse after 30 days
// (not accepted then), the nightly retention run deletes them, a person's erasure deletes those
// to and from them, and a member's archive holds theirs (docs/members-households.md#invitations,
// docs/data-protection.md, docs/privacy-requests.md).

let app: TestApp;
let admin: TestAgent;
useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'privacy@example.org', ['privacy:manage', 'members:write']);
});

const invite = (agent: TestAgent, email: string) => agent.post('/api/my/household/invitations').set(FETCH).send({ email });
const accept = (agent: TestAgent, id: string) => agent.post(`/api/my/household/invitations/${id}/accept`).set(FETCH).send({});
const DAY = 86_400_000;

const binary = (res: { on(event: string, listener: (chunk?: Buffer) => void): void }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
/** The archive's files, each as "name\ncontents". */
const archiveText = (body: Buffer) =>
  Object.entries(unzipSync(new Uint8Array(body)))
    .map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`)
    .join('\n');

/** A member's archive (/api/my/data), its files as text. */
const archiveOf = async (agent: TestAgent) => archiveText((await agent.get('/api/my/data').buffer(true).parse(binary)).body as Buffer);

/** Invites this e-mail to the agent's household; answers the invitation's id. */
const invitationTo = async (agent: TestAgent, email: string): Promise<string> => (await invite(agent, email)).body.invitationId;

/** Members with these names put on the list, then each signed in (signedInMember reads the code from the member's latest e-mail). */
async function listedAndSignedIn(...names: string[]): Promise<[Member, TestAgent][]> {
  const members = [];
  for (const name of names) members.push(await addListedMember(app, { name }));
  const signedIn: [Member, TestAgent][] = [];
  for (const member of members) signedIn.push([member, await signedInMember(app, member)]);
  return signedIn;
}

describe('household invitations and personal data', () => {
  it('a member’s archive (/api/my/data) holds the invitations to them and those they sent', async () => {
    const [[, annAgent], [bob, bobAgent]] = await listedAndSignedIn('Ann Archive', 'Bob Archive');
    const toBob = await invitationTo(annAgent, bob.email);
    const toCousin = await invitationTo(annAgent, 'cousin.archive@example.org');
    const bobs = await archiveOf(bobAgent);
    expect(bobs).toMatch(/household[_-]?invitations/i);
    expect(bobs).toContain(toBob);
    const anns = await archiveOf(annAgent);
    expect(anns).toContain(toCousin);
    expect(anns).toContain('cousin.archive@example.org');
  });

  it('erasing a member deletes the invitations to them and those they sent, also to an e-mail that is no member’s', async () => {
    const [[, catAgent], [dan, danAgent]] = await listedAndSignedIn('Cat Contact', 'Dan Erased');
    const toDan = await invitationTo(catAgent, dan.email);
    const fromDan = await invitationTo(danAgent, 'dans.friend@example.org');
    const catsOther = await invitationTo(catAgent, 'someone.else@example.org');
    const erased = await danAgent.post('/api/my/erase').set(FETCH).send({ confirm: true });
    expect(erased.status).toBe(200);
    const households = app.get('households');
    expect(await households.getInvitation(toDan)).toBeNull();
    expect(await households.getInvitation(fromDan)).toBeNull();
    expect(await households.getInvitation(catsOther)).not.toBeNull();
    expect((await catAgent.get('/api/my/household')).body.invited.map((i: { email: string }) => i.email)).toEqual(['someone.else@example.org']);
    // An admin erasing an e-mail that is no member's: its invitation is all the club held, and goes.
    const asked = await admin.post('/api/admin/privacy/erase').set(FETCH).send({ email: 'someone.else@example.org', confirm: true });
    expect(asked.status).toBe(200);
    expect(await households.getInvitation(catsOther)).toBeNull();
  });

  it('an invitation lapses after 30 days: it cannot be accepted (a clear message), the contact may invite again, and the nightly run deletes lapsed ones', async () => {
    const eve = await addListedMember(app, { name: 'Eve Contact' });
    const fay = await addListedMember(app, { name: 'Fay Invited' });
    const [eveAgent, fayAgent] = [await signedInMember(app, eve), await signedInMember(app, fay)];
    expect((await invite(eveAgent, 'today@example.org')).status).toBe(201);
    const householdId = (await eveAgent.get('/api/my/household')).body.householdId;
    // Made earlier (the clock is fixed): one 30 days ago to the millisecond, one a minute short of it.
    const now = app.clock.now().getTime();
    const made = (id: string, email: string, memberId: string | null, ago: number) => ({
      id,
      householdId,
      memberId,
      email,
      invitedBy: eve.id,
      createdAt: new Date(now - ago).toISOString(),
    });
    const households = app.get('households');
    await households.addInvitation(made('lapsed-to-fay', fay.email, fay.id, 30 * DAY), 8);
    await households.addInvitation(made('lapsed-to-nobody', 'long.ago@example.org', null, 31 * DAY), 8);
    await households.addInvitation(made('not-yet-lapsed', 'recent@example.org', null, 30 * DAY - 60_000), 8);

    const refused = await accept(fayAgent, 'lapsed-to-fay');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This invitation has lapsed: invitations last 30 days. Ask the household’s contact to invite you again.');
    expect((await fayAgent.get('/api/my/household')).body.householdId).toBeNull();
    // Invited again: the lapsed invitation does not stand in the way (nor count against the 8).
    const again = await invite(eveAgent, fay.email);
    expect(again.status).toBe(201);
    expect((await accept(fayAgent, again.body.invitationId)).status).toBe(200);

    await households.addInvitation(made('lapsed-again', 'older@example.org', null, 40 * DAY), 8);
    await app.built.ports.useCase(ApplyRetention).execute();
    expect(await households.getInvitation('lapsed-again')).toBeNull();
    expect((await households.invitationsOf(householdId)).map((i) => i.email).sort()).toEqual(['recent@example.org', 'today@example.org']);
    const run = (await app.get('audit').list({ limit: 50 })).find((entry) => entry.action === 'retention.applied');
    expect(run?.changes.find((change) => change.field === 'householdInvitations')?.after).toBe(1);
  });
});
