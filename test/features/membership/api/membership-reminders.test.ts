import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { MEMBERSHIP_REMINDER_RUN_JOB, SendMembershipReminders } from '../../../../core/operations/send-membership-reminders';
import { membershipReminderRunJob } from '../../../../core/operations/scheduled-work';
import { RunDueJobs } from '../../../../core/jobs/run-due-jobs';
import { MEMBERSHIP_REMINDER_KIND, RENEWAL_LINK_PATH } from '../../../../core/membership/membership-reminder-mail';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { MAX_RENEWAL_LINK_SIGN_INS_PER_ADDRESS, RENEWAL_LINK_MESSAGES } from '../../../../core/member-sign-in/renewal-link-sign-in';
import { withholdCapabilityLinks } from '../../../../core/shared/capability-links';
import { addDaysToDate, londonDate } from '../../../../core/shared/london-time';
import type { Member } from '../../../../core/members/member';
import { addListedMember, clientAddresses } from '../../../support/api/signed-in-member';
import { FETCH, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

const BASE_URL = 'https://members.kestrel-yc.example';
const DAY_MS = 86_400_000;

let app: TestApp;
useTestApp({ env: { PUBLIC_BASE_URL: BASE_URL, CLUB_NAME: 'Kestrel Yacht Club', TRUST_PROXY: '1' } }, (started) => {
  app = started;
});

const nextIp = clientAddresses(61);
// The test app's clock starts on Mon 1 June 2026: a membership ending 8 June is 7 days from its end.
const ENDS_IN_7_DAYS = '2026-06-08';

/** A renewal date `days` from the app's today (its clock moves forward through the file). */
const endsIn = (days: number) => addDaysToDate(londonDate(app.clock.now()), days);

const run = () => app.built.ports.useCase(SendMembershipReminders).execute();
const remindersTo = async (member: Member) => (await app.get('outbox').list()).filter((m) => m.kind === MEMBERSHIP_REMINDER_KIND && m.recordId === member.id);

/** The token of the renewal link in the latest reminder to `member`. */
async function linkToken(member: Member): Promise<string> {
  const [mail] = await remindersTo(member);
  const link = new RegExp(`${BASE_URL.replace(/\./g, '\\.')}${RENEWAL_LINK_PATH}\\?token=(\\S+)`).exec(mail!.mail.text);
  if (!link) throw new Error(`No renewal link in: ${mail!.mail.text}`);
  return decodeURIComponent(link[1]!);
}

const useLink = (agent: TestAgent, token: unknown, ip = nextIp()) =>
  agent.post('/api/member/sign-in/renewal-link').set(FETCH).set('X-Forwarded-For', ip).send({ token });
const sessionOf = async (agent: TestAgent) => (await agent.get('/api/member/session')).body.member as { id: string } | null;

describe('renewal reminders by e-mail', () => {
  it('writes the due reminder once to each member it is due to: none to life, disabled or renewed members', async () => {
    const lapsing = await addListedMember(app, { renewalDate: ENDS_IN_7_DAYS, name: 'Sam Lapsing' });
    const life = await addListedMember(app, { renewalDate: LIFE_RENEWAL_DATE });
    const disabled = await addListedMember(app, { renewalDate: ENDS_IN_7_DAYS, disabled: true });
    const renewed = await addListedMember(app, { renewalDate: '2027-03-31' });

    const written = await run();
    expect(written).toContain(`membership-reminder-${lapsing.id}-${ENDS_IN_7_DAYS}--7d`);
    const [mail, ...more] = await remindersTo(lapsing);
    expect(more).toEqual([]);
    expect(mail!.mail.to).toBe(lapsing.email);
    expect(mail!.mail.subject).toBe('Your membership ends on Mon 8 June 2026');
    expect(mail!.mail.text).toContain('Dear Sam Lapsing,');
    expect(mail!.mail.text).toContain('Your membership ends on Mon 8 June 2026.');
    expect(mail!.mail.text).toContain(`${BASE_URL}${RENEWAL_LINK_PATH}?token=`);
    // Admins reading the Mail screen never see the link: it signs the member in.
    expect(withholdCapabilityLinks(mail!.mail.text)).not.toContain('token=');
    for (const none of [life, disabled, renewed]) expect(await remindersTo(none)).toEqual([]);

    // The same day again, or a day later: nothing more.
    expect(await run()).toEqual([]);
    app.clock.advance(DAY_MS);
    expect(await run()).toEqual([]);
    expect(await remindersTo(lapsing)).toHaveLength(1);
  });

  it('writes one mail when two runs race (the outbox id is the record that it went)', async () => {
    const members = await Promise.all([1, 2, 3].map(() => addListedMember(app, { renewalDate: endsIn(7) })));
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b].filter((id) => members.some((m) => id.includes(m.id)))).toHaveLength(3);
    for (const member of members) expect(await remindersTo(member)).toHaveLength(1);
  });

  it('follows the club settings: the day, and after the end "ended on"', async () => {
    await app.get('membership').saveSettings({ ...DEFAULT_MEMBERSHIP_SETTINGS, reminderDays: [3] });
    const lapsed = await addListedMember(app, { renewalDate: '2026-05-29' });
    const notYet = await addListedMember(app, { renewalDate: endsIn(7) });
    await run();
    const [mail] = await remindersTo(lapsed);
    expect(mail!.mail.subject).toBe('Your membership ended on Fri 29 May 2026');
    expect(mail!.mail.text).toContain('Your membership ended on Fri 29 May 2026.');
    expect(await remindersTo(notYet)).toEqual([]);
    await app.get('membership').saveSettings(DEFAULT_MEMBERSHIP_SETTINGS);
  });
});

describe('the daily run', () => {
  it('is due at 9:00 London time, writes the reminders through the job queue and is due again the next morning', async () => {
    const jobs = app.get('jobs');
    // Scheduled at every start: it stays one job, the first scheduled.
    await jobs.schedule([membershipReminderRunJob(app.clock.now())]);
    const next = (await jobs.get(MEMBERSHIP_REMINDER_RUN_JOB))!.nextAttemptAt!;
    expect(new Date(next).toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })).toBe('09:00:00');
    app.clock.advance(Math.max(0, Date.parse(next) - app.clock.now().getTime()));
    const member = await addListedMember(app, { renewalDate: endsIn(7) });
    await app.built.ports.useCase(RunDueJobs).execute();
    expect(await remindersTo(member)).toHaveLength(1);
    expect((await jobs.get(MEMBERSHIP_REMINDER_RUN_JOB))!.nextAttemptAt).toBe(new Date(Date.parse(next) + DAY_MS).toISOString());
  });
});

describe('the renewal link', () => {
  it('signs in only by the POST, as a code sign-in does, and works again within its life', async () => {
    const member = await addListedMember(app, { renewalDate: endsIn(7) });
    await run();
    const token = await linkToken(member);

    // What a mail scanner does: fetching the page signs no one in.
    const scanner = app.agent();
    const opened = await scanner.get(`${RENEWAL_LINK_PATH}?token=${encodeURIComponent(token)}`);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(await sessionOf(scanner)).toBeNull();

    const phone = app.agent();
    const signedIn = await useLink(phone, token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.member).toEqual({ id: member.id, name: member.name, email: member.email, renewalDate: member.renewalDate });
    const cookie = (signedIn.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('kyc_member='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect((await sessionOf(phone))?.id).toBe(member.id);
    // The same link on another device, 13 days later: still signs in.
    app.clock.advance(13 * DAY_MS);
    const laptop = app.agent();
    expect((await useLink(laptop, token)).status).toBe(200);
    expect((await sessionOf(laptop))?.id).toBe(member.id);
  });

  it('refuses an expired, forged or altered link, a disabled member and a changed e-mail, with clear messages', async () => {
    const member = await addListedMember(app, { renewalDate: endsIn(7) });
    const other = await addListedMember(app, { renewalDate: endsIn(7) });
    await run();
    const token = await linkToken(member);
    const refused = async (given: unknown, message: string) => {
      const agent = app.agent();
      const answer = await useLink(agent, given);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(await sessionOf(agent)).toBeNull();
    };
    // Another purpose's signature (a booking's manage link) under the same secret is not a renewal link.
    await refused(app.get('bookingLinks').issue(`${member.id}|0123456789abcdef`, new Date(app.clock.now().getTime() + DAY_MS)), RENEWAL_LINK_MESSAGES.invalid);
    const [payload, expiry, signature] = token.split('.');
    await refused(`${payload}.${expiry}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`, RENEWAL_LINK_MESSAGES.invalid);
    await refused('not-a-link', RENEWAL_LINK_MESSAGES.invalid);

    await app.get('members').update({ ...other, email: 'new-address@example.org' });
    await refused(await linkToken(other), RENEWAL_LINK_MESSAGES.emailChanged);
    await app.get('members').update({ ...member, disabled: true });
    await refused(token, RENEWAL_LINK_MESSAGES.disabled);
    await app.get('members').update({ ...member, disabled: false });
    app.clock.advance(14 * DAY_MS);
    await refused(token, RENEWAL_LINK_MESSAGES.expired);
  });

  it('limits link sign-ins per address, as passkey sign-ins are', async () => {
    const ip = nextIp();
    for (let i = 0; i < MAX_RENEWAL_LINK_SIGN_INS_PER_ADDRESS; i += 1) expect((await useLink(app.agent(), 'not-a-link', ip)).status).toBe(400);
    const limited = await useLink(app.agent(), 'not-a-link', ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(RENEWAL_LINK_MESSAGES.tooMany);
  });
});
