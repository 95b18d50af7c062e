import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { MEMBER_FORM_MESSAGES } from '../../../../core/members/member-form';
import { EMAIL_CHANGE_MESSAGES } from '../../../../core/my-club/my-details';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import type { Member } from '../../../../core/members/member';
import { SECRET_MAIL_WITHHELD } from '../../../../core/mail/list-outbox';
import { FETCH, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';
import { addListedMember, signedInMember } from '../../../support/api/signed-in-member';

// My details (docs/my-club.md#my-details): the member's own contact details and e-mail.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await app.dispose();
});

const details = async (agent: TestAgent) => (await agent.get('/api/my/details')).body;
const change = (agent: TestAgent, body: object) => agent.put('/api/my/details').set(FETCH).send(body);
const askCode = (agent: TestAgent, email: string) => {
  // A second apart, so the outbox's newest-first order is the order asked.
  app.clock.advance(1000);
  return agent.post('/api/my/details/email').set(FETCH).send({ email });
};
const confirm = (agent: TestAgent, email: string, code: string) => agent.post('/api/my/details/email/confirm').set(FETCH).send({ email, code });
const mailsTo = async (address: string, kind: string) =>
  (await app.get('outbox').list()).filter((message) => message.mail.to === address && message.kind === kind);
async function codeSentTo(address: string): Promise<string> {
  const code = /Your code is (\d{6})\./.exec((await mailsTo(address, 'member-email-change-code'))[0]?.mail.text ?? '')?.[1];
  if (!code) throw new Error(`No change code mailed to ${address}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a member reads their own details and membership', () => {
  it('shows name, e-mail, phone, emergency contact, category, status and renewal date; lapsed since the day after; life with no end', async () => {
    const member = await addListedMember(app, {
      name: 'Ann Details',
      phone: '07700 900123',
      emergencyContactName: 'Bo Details',
      emergencyContactPhone: '07700 900456',
      membershipType: 'Family',
    });
    expect(await details(await signedInMember(app, member))).toEqual({
      name: 'Ann Details',
      email: member.email,
      phone: '07700 900123',
      emergencyContactName: 'Bo Details',
      emergencyContactPhone: '07700 900456',
      membership: { category: 'Family', status: 'current', renewalDate: '2027-03-31', lapsedSince: null },
    });
    const lapsed = await addListedMember(app, { renewalDate: '2026-03-31' });
    expect((await details(await signedInMember(app, lapsed))).membership).toEqual({
      category: 'Adult',
      status: 'lapsed',
      renewalDate: '2026-03-31',
      lapsedSince: '2026-04-01',
    });
    const life = await addListedMember(app, { renewalDate: LIFE_RENEWAL_DATE, membershipType: 'Life' });
    expect((await details(await signedInMember(app, life))).membership).toEqual({ category: 'Life', status: 'life', renewalDate: null, lapsedSince: null });
    expect((await app.agent().get('/api/my/details')).status).toBe(401);
  });
});

describe('a member changes their phone and emergency contact', () => {
  it('changes their own record only, audited; the admin list shows it; bad input changes nothing', async () => {
    const member = await addListedMember(app, { name: 'Cat Phone' });
    const other = await addListedMember(app);
    const agent = await signedInMember(app, member);
    const changed = await change(agent, { phone: ' +44 7700 900111 ', emergencyContactName: 'Dan Phone', emergencyContactPhone: '01632 960001' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phone: '+44 7700 900111', emergencyContactName: 'Dan Phone', emergencyContactPhone: '01632 960001' });
    expect(await app.get('members').get(member.id)).toMatchObject({
      phone: '+44 7700 900111',
      emergencyContactName: 'Dan Phone',
      emergencyContactPhone: '01632 960001',
      name: 'Cat Phone',
    });
    expect(await app.get('members').get(other.id)).toEqual(other);
    const [entry] = await app.get('audit').list({ recordId: member.id, limit: 10 });
    expect(entry).toMatchObject({ actor: { kind: 'member', memberId: member.id }, action: 'member.updated', recordType: 'member' });
    expect(entry.changes).toEqual([
      { field: 'phone', before: null, after: '+44 7700 900111' },
      { field: 'emergencyContactName', before: null, after: 'Dan Phone' },
      { field: 'emergencyContactPhone', before: null, after: '01632 960001' },
    ]);

    const bad = await change(agent, { phone: 'call me', emergencyContactName: 'x'.repeat(201), emergencyContactPhone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      phone: MEMBER_FORM_MESSAGES.phoneInvalid,
      emergencyContactName: MEMBER_FORM_MESSAGES.contactTooLong,
      emergencyContactPhone: MEMBER_FORM_MESSAGES.phoneInvalid,
    });
    // Neither the name nor the e-mail nor the membership is the member's to change here, and a field left out removes nothing.
    const same = { phone: '+44 7700 900111', emergencyContactName: 'Dan Phone', emergencyContactPhone: '01632 960001' };
    expect((await change(agent, { ...same, name: 'Someone Else' })).status).toBe(400);
    expect((await change(agent, { ...same, email: 'new@example.org' })).status).toBe(400);
    expect((await change(agent, { ...same, renewalDate: '2099-03-31' })).status).toBe(400);
    expect((await change(agent, {})).status).toBe(400);
    expect((await app.get('members').get(member.id))?.phone).toBe('+44 7700 900111');

    // An empty field removes it; the same values again write no audit entry.
    expect((await change(agent, { phone: '', emergencyContactName: 'Dan Phone', emergencyContactPhone: '01632 960001' })).body.phone).toBeNull();
    expect(await app.get('members').get(member.id)).not.toHaveProperty('phone');
    await change(agent, { phone: '', emergencyContactName: 'Dan Phone', emergencyContactPhone: '01632 960001' });
    expect(await app.get('audit').list({ recordId: member.id, limit: 10 })).toHaveLength(2);

    const admin = await signedInAdmin(app, 'details-admin@example.org', ['members:write']);
    const listed = (await admin.get('/api/admin/members')).body.members.find((m: Member) => m.id === member.id);
    expect(listed).toMatchObject({ emergencyContactName: 'Dan Phone' });
    // Without the fetch header (a form another site posts), or an admin's session: refused, unchanged.
    expect((await agent.put('/api/my/details').send({ phone: '07700 900999', emergencyContactName: '', emergencyContactPhone: '' })).status).toBe(403);
    expect((await admin.put('/api/my/details').set(FETCH).send({ phone: '07700 900999', emergencyContactName: '', emergencyContactPhone: '' })).status).toBe(
      401,
    );
    expect((await app.get('members').get(member.id))?.phone).toBeUndefined();
  });
});

describe('a member changes their e-mail with a code sent to the new address', () => {
  it('mails the code to the new address, changes the e-mail on the right code, tells the old address; the session stays', async () => {
    const member = await addListedMember(app, { name: 'Eve Moving' });
    const agent = await signedInMember(app, member);
    const asked = await askCode(agent, ' Eve.New@Example.org ');
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      'We have sent a 6-digit code to Eve.New@Example.org. Enter it here to confirm your new address. The code works once, within 10 minutes.',
    );
    const [codeMail] = await mailsTo('Eve.New@Example.org', 'member-email-change-code');
    expect(codeMail).toMatchObject({ recordId: member.id });
    const code = await codeSentTo('Eve.New@Example.org');
    expect(codeMail.mail.subject).not.toContain(code);
    // Nothing changes before the code.
    expect((await app.get('members').get(member.id))?.email).toBe(member.email);
    // A wrong code, or the right code with another address, is refused.
    expect((await confirm(agent, 'Eve.New@Example.org', otherCode(code))).body).toMatchObject({
      error: EMAIL_CHANGE_MESSAGES.invalidCode,
      fields: { code: EMAIL_CHANGE_MESSAGES.invalidCode },
    });
    expect((await confirm(agent, 'eve.other@example.org', code)).status).toBe(400);

    // A sign-in code asked for at the old address meanwhile (another device) …
    const laptop = app.agent();
    expect((await laptop.post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', '10.91.0.2').send({ email: member.email })).status).toBe(200);
    await expect.poll(async () => (await mailsTo(member.email, 'member-sign-in-code')).length).toBe(2);
    const oldAddressCode = /Your sign-in code is (\d{6})\./.exec((await mailsTo(member.email, 'member-sign-in-code'))[0].mail.text)![1];

    const confirmed = await confirm(agent, 'Eve.New@Example.org', code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe('Eve.New@Example.org');
    expect((await app.get('members').get(member.id))?.email).toBe('Eve.New@Example.org');
    // Single use.
    expect((await confirm(agent, 'Eve.New@Example.org', code)).status).toBe(400);
    // The old address is told, without any code.
    const [notice, ...more] = await mailsTo(member.email, 'member-email-changed');
    expect(more).toEqual([]);
    expect(notice.mail.text).not.toMatch(/\d{6}/);
    expect(notice.mail.text).toContain(`from ${member.email} to Eve.New@Example.org`);
    // … no longer signs in, as the notice says.
    expect(
      (await laptop.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', '10.91.0.2').send({ email: member.email, code: oldAddressCode })).status,
    ).toBe(400);
    // The admins' Mail screen lists the code's e-mail but never shows its body.
    const mailAdmin = await signedInAdmin(app, 'details-mail@example.org');
    const shown = (await mailAdmin.get(`/api/admin/outbox/${codeMail.id}`)).body;
    expect(JSON.stringify(shown)).not.toContain(code);
    expect(shown.message.text).toBe(SECRET_MAIL_WITHHELD);
    // Still signed in, now under the new address; the admin's list shows it; audited.
    expect((await agent.get('/api/member/session')).body.member).toMatchObject({ id: member.id, email: 'Eve.New@Example.org' });
    const admin = await signedInAdmin(app, 'details-admin2@example.org', ['members:write']);
    expect((await admin.get('/api/admin/members')).body.members.find((m: Member) => m.id === member.id).email).toBe('Eve.New@Example.org');
    const [audited] = await app.get('audit').list({ recordId: member.id, limit: 5 });
    expect(audited.changes).toEqual([{ field: 'email', before: member.email, after: 'Eve.New@Example.org' }]);
    // The addresses only in the changes, which retention pseudonymises whole; never in the summary's free text.
    expect(audited.summary.toLowerCase()).not.toMatch(/robin|eve\.new|@/);
    // The new address signs in; the old one no longer does.
    const phone = app.agent();
    expect((await phone.post('/api/member/sign-in/code').set(FETCH).set('X-Forwarded-For', '10.91.0.1').send({ email: 'eve.new@example.org' })).status).toBe(
      200,
    );
    await expect.poll(async () => (await mailsTo('Eve.New@Example.org', 'member-sign-in-code')).length).toBe(1);
    const signInCode = /Your sign-in code is (\d{6})\./.exec((await mailsTo('Eve.New@Example.org', 'member-sign-in-code'))[0].mail.text)![1];
    expect(
      (await phone.post('/api/member/sign-in').set(FETCH).set('X-Forwarded-For', '10.91.0.1').send({ email: 'eve.new@example.org', code: signInCode })).body
        .member.id,
    ).toBe(member.id);
    expect(await app.get('members').getByEmail(member.email)).toBeNull();
  });

  it('limits the tries of a code, lets a code expire, and replaces an earlier code with a new request', async () => {
    const member = await addListedMember(app);
    const agent = await signedInMember(app, member);
    await askCode(agent, 'tries@example.org');
    const code = await codeSentTo('tries@example.org');
    for (let i = 0; i < 5; i += 1) expect((await confirm(agent, 'tries@example.org', otherCode(code))).status).toBe(400);
    // Out of tries: even the right code is refused.
    expect((await confirm(agent, 'tries@example.org', code)).status).toBe(400);

    await askCode(agent, 'late@example.org');
    const late = await codeSentTo('late@example.org');
    app.clock.advance(10 * 60_000 + 1);
    expect((await confirm(agent, 'late@example.org', late)).status).toBe(400);

    await askCode(agent, 'first@example.org');
    const first = await codeSentTo('first@example.org');
    await askCode(agent, 'second@example.org');
    expect((await confirm(agent, 'first@example.org', first)).status).toBe(400);
    expect((await confirm(agent, 'second@example.org', await codeSentTo('second@example.org'))).status).toBe(200);
    // Five requests an hour.
    expect((await askCode(agent, 'third@example.org')).status).toBe(200);
    expect((await askCode(agent, 'third@example.org')).status).toBe(429);
    expect((await askCode(agent, 'third@example.org')).body.error).toBe(EMAIL_CHANGE_MESSAGES.tooManyRequests);
    app.clock.advance(3_600_000);
    expect((await askCode(agent, 'third@example.org')).status).toBe(200);
  });

  it("refuses another member's address, or one a household invitation waits for; refuses the member's own address and bad input", async () => {
    const member = await addListedMember(app);
    const taken = await addListedMember(app);
    const agent = await signedInMember(app, member);
    // The request's answer says nothing of whether the address is free.
    expect((await askCode(agent, taken.email.toUpperCase())).status).toBe(200);
    const refused = await confirm(agent, taken.email.toUpperCase(), await codeSentTo(taken.email.toUpperCase()));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(EMAIL_CHANGE_MESSAGES.emailInUse);
    expect((await app.get('members').get(member.id))?.email).toBe(member.email);

    const contact = await signedInMember(app, await addListedMember(app));
    expect((await contact.post('/api/my/household/invitations').set(FETCH).send({ email: 'invited@example.org' })).status).toBe(201);
    await askCode(agent, 'Invited@example.org');
    expect((await confirm(agent, 'Invited@example.org', await codeSentTo('Invited@example.org'))).status).toBe(409);

    expect((await askCode(agent, ` ${member.email.toUpperCase()} `)).body.fields).toEqual({ email: EMAIL_CHANGE_MESSAGES.sameEmail });
    expect((await askCode(agent, '')).body.fields).toEqual({ email: EMAIL_CHANGE_MESSAGES.emailRequired });
    expect((await askCode(agent, 'not-an-address')).body.fields).toEqual({ email: EMAIL_CHANGE_MESSAGES.emailInvalid });
    expect((await confirm(agent, 'x@example.org', '12')).body.fields).toEqual({ code: EMAIL_CHANGE_MESSAGES.codeInvalid });
    expect((await app.agent().post('/api/my/details/email').set(FETCH).send({ email: 'x@example.org' })).status).toBe(401);
    expect((await agent.post('/api/my/details/email').send({ email: 'x@example.org' })).status).toBe(403);
  });

  it('of two members claiming one address at once, one wins and the other is refused', async () => {
    const ann = await addListedMember(app);
    const bob = await addListedMember(app);
    const [annAgent, bobAgent] = [await signedInMember(app, ann), await signedInMember(app, bob)];
    await askCode(annAgent, 'shared@example.org');
    const annCode = await codeSentTo('shared@example.org');
    await askCode(bobAgent, 'shared@example.org');
    const bobCode = await codeSentTo('shared@example.org');
    const answers = await Promise.all([confirm(annAgent, 'shared@example.org', annCode), confirm(bobAgent, 'shared@example.org', bobCode)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const holders = [await app.get('members').get(ann.id), await app.get('members').get(bob.id)].filter((m) => m?.email === 'shared@example.org');
    expect(holders).toHaveLength(1);
  });
});
