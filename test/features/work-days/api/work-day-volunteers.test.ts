import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_ROUND_JOB } from '../../../../core/operations/scheduled-work';
import { readWithdrawToken } from '../../../../core/work-days/work-day-links';
import { CALENDAR_FEED_MS } from '../../../../server/features/events/calendar-feed-cache';
import { readFeed, vevents } from '../../../support/ics-feed';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { addWorkDays, storedCounts, WORK_DAY } from '../../../support/api/fixtures';
import { outboxEmptied } from '../../../support/api/app-with-mail';
import { FETCH, startTestApp, type TestApp } from '../../../support/api/test-app';
import { eventually } from '../../../support/eventually';
import { asText } from '../../../support/api/text-body';

// A volunteer's side of work days, on the app's own storage (SQLite, and Firestore in the
// api-firestore project): the optional e-mail, its confirmation with the .ics and the withdraw
// link, withdrawing, the reminder, and work days on the calendar and in the feed.
// The test app's clock stands at 2026-06-01 09:00 UTC; WORK_DAY is on 20 June at 09:00 UTC.

const SITE = 'https://members.kestrel-yc.example';
const signupsPath = `/api/work-days/${WORK_DAY.id}/signups`;
// Painting needs 4 and Pontoons 2: most volunteers offer an other job, so none is refused as full.
const volunteer = (firstName: string, email: string, selectedJobs: string[] = []) => ({
  firstName,
  lastName: 'Helper',
  selectedJobs,
  otherJob: selectedJobs.length === 0 ? 'Whatever is needed' : '',
  notes: '',
  bringingTools: true,
  wantsFood: false,
  email,
});

let smtp: SmtpTestServer;
let app: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  app = await startTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kestrel Yacht Club <bookings@kestrel-yc.example>', PUBLIC_BASE_URL: SITE },
    build: { mailRoundMs: 50, jobRoundMs: 50 },
  });
  await addWorkDays(app);
});
afterAll(async () => {
  await app?.dispose();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** The withdraw link in a message's text, and its token. */
function withdrawLinkOf(text: string): { url: URL; token: string } {
  const url = new URL(new RegExp(`${SITE.replace(/\./g, '\\.')}/work-day-withdraw\\?token=\\S+`).exec(text)?.[0] ?? 'https://none.example');
  return { url, token: url.searchParams.get('token') ?? '' };
}

async function signUp(firstName: string, email: string, selectedJobs?: string[]) {
  const res = await app
    .agent()
    .post(signupsPath)
    .send(volunteer(firstName, email, selectedJobs));
  expect(res.status).toBe(201);
  return res.body.signupId as string;
}

describe('signing up with an e-mail', () => {
  it('queues one confirmation with the sign-up: its details in UK time, a valid .ics of the work day, and a withdraw link naming this sign-up', async () => {
    const signupId = await signUp('Ada', ' ada@example.org ', ['painting']);
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Work day sign-up confirmed: Spring work day');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@example.org');
    expect(mail.text).toContain('Dear Ada,');
    expect(mail.text).toContain('When: Sat 20 June 2026, 10:00 (UK time)');
    expect(mail.text).toContain('Jobs: Painting');
    expect(mail.text).toContain(`Sign-up reference: ${signupId}`);
    expect(mail.html).toContain('Withdraw from this work day');
    const link = withdrawLinkOf(mail.text ?? '');
    expect(link.url.pathname).toBe('/work-day-withdraw');
    expect(readWithdrawToken(app.get('workDayLinks'), link.token, app.clock.now())).toEqual({ workDayId: WORK_DAY.id, signupId });
    // Signed for its own purpose: a booking's manage-link signer does not read it.
    expect(app.get('bookingLinks').read(link.token, app.clock.now())).toBeNull();

    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.filename).toBe('spring_work_day.ics');
    const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Work day: Spring work day');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-06-20T09:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-06-20T12:00:00.000Z');
    expect(vevent.uid).toBe(`workday-${WORK_DAY.id}@kyc-members-area`);
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('url')).toBe(`${SITE}/work-day-booking?id=${WORK_DAY.id}`);

    const stored = (await app.get('workDays').listSignups(WORK_DAY.id)).find((s) => s.id === signupId);
    expect(stored?.email).toBe('ada@example.org');
    await outboxEmptied(app);
    expect(await app.get('outbox').list({ recordId: signupId })).toEqual([expect.objectContaining({ kind: 'workday-confirmation', status: 'sent' })]);
  });

  it('queues nothing for a sign-up without an e-mail', async () => {
    const signupId = await signUp('Bob', '');
    expect(await app.get('outbox').list({ recordId: signupId })).toEqual([]);
    expect((await app.get('workDays').listSignups(WORK_DAY.id)).find((s) => s.id === signupId)?.email).toBeNull();
  });

  it('refuses a bad address with 400 naming the field, and a refused sign-up (a repeated name) writes no e-mail: nothing changes', async () => {
    await outboxEmptied(app);
    const before = await storedCounts(app);
    const bad = await app.agent().post(signupsPath).send(volunteer('Cy', 'not-an-address'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Please enter a valid email address', fields: { email: 'Please enter a valid email address' } });
    const repeated = await app.agent().post(signupsPath).send(volunteer('ada', 'someone-else@example.org'));
    expect(repeated.status).toBe(409);
    expect(await storedCounts(app)).toEqual(before);
  });
});

describe('the withdraw link', () => {
  it('shows the sign-up, withdraws it once (audit-logged, its place free again), and says so when used again', async () => {
    const signupId = await signUp('Dee', 'dee@example.org', ['pontoons']);
    const [mail] = await smtp.waitFor(1);
    const { token } = withdrawLinkOf(mail.text ?? '');
    const pontoons = async () =>
      ((await app.agent().get(`/api/work-days/${WORK_DAY.id}`)).body.workDay.jobs as { id: string; currentVolunteers: number }[]).find(
        (j) => j.id === 'pontoons',
      )?.currentVolunteers;
    const countBefore = await pontoons();

    const shown = await app.agent().get(`/api/work-day-signup?token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ workDayId: WORK_DAY.id, workDayName: 'Spring work day', date: WORK_DAY.date, status: 'signed-up' });
    expect(shown.body.details).toEqual(
      expect.arrayContaining([
        ['Name', 'Dee Helper'],
        ['Jobs', 'Pontoons'],
        ['Sign-up reference', signupId],
      ]),
    );

    const withdrawn = await app.agent().post('/api/work-day-signup/withdraw').set(FETCH).send({ token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      status: 'withdrawn',
      details: [],
      message: 'You have withdrawn from this work day. Thank you for letting us know.',
    });
    expect((await app.get('workDays').listSignups(WORK_DAY.id)).map((s) => s.id)).not.toContain(signupId);
    expect(await pontoons()).toBe((countBefore ?? 0) - 1);
    const audited = (await app.get('audit').list({ limit: 100 })).filter((e) => e.recordType === 'workDay' && e.recordId === WORK_DAY.id);
    expect(audited).toEqual([
      expect.objectContaining({ actor: { kind: 'member' }, action: 'workDay.signup-withdrawn', summary: expect.stringContaining('Dee Helper') }),
    ]);

    const again = await app.agent().post('/api/work-day-signup/withdraw').set(FETCH).send({ token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'withdrawn', message: 'You have already withdrawn from this work day.' });
    expect((await app.get('audit').list({ limit: 100 })).filter((e) => e.recordType === 'workDay')).toHaveLength(1);
    expect((await app.agent().get(`/api/work-day-signup?token=${encodeURIComponent(token)}`)).body).toMatchObject({
      status: 'withdrawn',
      workDayName: 'Spring work day',
    });
  });

  it('answers 404 with the same words to a forged, altered, expired or other-purpose link, changing nothing', async () => {
    const signupId = await signUp('Eve', 'eve@example.org');
    const [mail] = await smtp.waitFor(1);
    const { token } = withdrawLinkOf(mail.text ?? '');
    const links = app.get('workDayLinks');
    const pair = JSON.stringify([WORK_DAY.id, signupId]);
    const expired = links.issue(pair, app.clock.now());
    const otherPurpose = app.get('bookingLinks').issue(pair, new Date('2030-01-01T00:00:00.000Z'));
    const notAPair = links.issue(signupId, new Date('2030-01-01T00:00:00.000Z'));
    const goneDay = links.issue(JSON.stringify(['no-such-day', signupId]), new Date('2030-01-01T00:00:00.000Z'));
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await outboxEmptied(app);
    const before = await storedCounts(app);
    for (const bad of [expired, otherPurpose, notAPair, goneDay, altered, 'nonsense']) {
      const read = await app.agent().get(`/api/work-day-signup?token=${encodeURIComponent(bad)}`);
      expect(read.status, bad).toBe(404);
      expect(read.body).toEqual({ error: 'This link is not valid. It may have expired, or the work day may have been removed.' });
      const withdraw = await app.agent().post('/api/work-day-signup/withdraw').set(FETCH).send({ token: bad });
      expect(withdraw.status, bad).toBe(404);
    }
    expect(await storedCounts(app)).toEqual(before);
  });
});

describe('work days on the calendar and in the feed', () => {
  async function getFeed(headers: Record<string, string> = {}) {
    const res = await app.agent().get('/calendar.ics').set(headers).buffer(true).parse(asText);
    return { res, text: res.body as string };
  }

  it('GET /api/events gives the active dated work days beside the events, not an archived one', async () => {
    const res = await app.agent().get('/api/events');
    expect(res.status).toBe(200);
    expect(res.body.workDays).toEqual([
      { id: WORK_DAY.id, name: 'Spring work day', description: WORK_DAY.description, date: WORK_DAY.date, foodAvailable: WORK_DAY.foodAvailable },
    ]);
  });

  it('the feed holds the work day marked as one with its absolute sign-up link; a sign-up leaves the feed as it was, a new work day changes it', async () => {
    app.clock.advance(CALENDAR_FEED_MS);
    const first = await getFeed();
    expect(first.res.status).toBe(200);
    const entry = vevents(readFeed(first.text)).find((e) => e.uid === `workday-${WORK_DAY.id}@kyc-members-area`);
    expect(entry?.summary).toBe('Work day: Spring work day');
    expect(entry?.startDate.toJSDate().toISOString()).toBe(WORK_DAY.date);
    expect(entry?.description).toContain(`Sign up: ${SITE}/work-day-booking?id=${WORK_DAY.id}`);
    expect(entry?.component.getFirstPropertyValue('url')).toBe(`${SITE}/work-day-booking?id=${WORK_DAY.id}`);
    expect(first.text).not.toContain('Hidden');

    // A sign-up is a write (the cached feed is rebuilt) but not a change of the calendar: 304.
    await signUp('Fay', '');
    const afterSignup = await getFeed({ 'If-None-Match': first.res.headers.etag });
    expect(afterSignup.res.status).toBe(304);

    // A new work day (written behind the API's back, so seen once the cached feed runs out) is.
    await app.get('workDays').create({ ...WORK_DAY, id: 'summer-work-day', name: 'Summer work day', date: '2026-07-10T23:00:00.000Z' });
    app.clock.advance(CALENDAR_FEED_MS);
    const changed = await getFeed({ 'If-None-Match': first.res.headers.etag });
    expect(changed.res.status).toBe(200);
    expect(changed.res.headers.etag).not.toBe(first.res.headers.etag);
    const summer = vevents(readFeed(changed.text)).find((e) => e.uid === 'workday-summer-work-day@kyc-members-area');
    // Starting at London midnight: a whole day, as an event would be.
    expect(summer?.startDate.isDate).toBe(true);
    expect(summer?.summary).toBe('Work day: Summer work day');
  });
});

describe('the work-day reminder', () => {
  it('two days before: one reminder to each volunteer still signed up with an e-mail, with the .ics and the withdraw link; none to one who withdrew; never twice', async () => {
    await outboxEmptied(app);
    const gus = await signUp('Gus', 'gus@example.org');
    const hal = await signUp('Hal', 'hal@example.org');
    await signUp('Ivy', '');
    await smtp.waitFor(2);
    const halMail = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'hal@example.org');
    expect(
      (
        await app
          .agent()
          .post('/api/work-day-signup/withdraw')
          .set(FETCH)
          .send({ token: withdrawLinkOf(halMail?.text ?? '').token })
      ).status,
    ).toBe(200);
    await outboxEmptied(app);
    smtp.received.length = 0;

    // Everyone still signed up with an e-mail (this file's earlier volunteers too) gets one: Hal (withdrawn) and Ivy (no e-mail) none.
    const signedUpWithEmail = (await app.get('workDays').listSignups(WORK_DAY.id)).filter((s) => s.email).map((s) => s.id);
    expect(signedUpWithEmail).toContain(gus);
    expect(signedUpWithEmail).not.toContain(hal);

    // Two days and a minute before 10:00 London time on 20 June.
    app.clock.set('2026-06-18T09:01:00.000Z');
    const sent = await smtp.waitFor(signedUpWithEmail.length);
    expect(sent.map((m) => m.subject)).toEqual(signedUpWithEmail.map(() => 'Reminder: Spring work day, Sat 20 June 2026, 10:00'));
    const reminder = sent.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'gus@example.org')!;
    expect(reminder.text).toContain(`Sign-up reference: ${gus}`);
    expect(readWithdrawToken(app.get('workDayLinks'), withdrawLinkOf(reminder.text ?? '').token, app.clock.now())).toEqual({
      workDayId: WORK_DAY.id,
      signupId: gus,
    });
    const ics = reminder.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent')!).summary).toBe(
      'Work day: Spring work day',
    );

    // A restart and a later round: nothing is written or sent again.
    await outboxEmptied(app);
    await app.restart();
    app.clock.advance(20 * 60_000);
    await eventually(async () => (await app.get('jobs').get(REMINDER_ROUND_JOB))?.doneAt).toBe(app.clock.now().toISOString());
    await outboxEmptied(app);
    const reminders = (await app.get('outbox').list()).filter((m) => m.kind === 'workday-reminder');
    expect(reminders.map((m) => m.recordId).sort()).toEqual([...signedUpWithEmail].sort());
    expect(reminders.every((m) => m.status === 'sent')).toBe(true);
    expect(smtp.received).toHaveLength(signedUpWithEmail.length);
  });
});

describe('sign-ups are rate limited per address', () => {
  it('with an e-mail: also counted with bookings, 429 beyond their limit and nothing stored; without one: not counted with bookings', async () => {
    const limited = await startTestApp({ env: { TRUST_PROXY: '1', BOOKING_LIMIT_PER_MINUTE: '2', BOOKING_LIMIT_PER_DAY: '60' } });
    try {
      await addWorkDays(limited);
      const send = (firstName: string, email: string, address = '203.0.113.7') =>
        limited.agent().post(signupsPath).set('X-Forwarded-For', address).send(volunteer(firstName, email));
      expect((await send('One', 'one@example.org')).status).toBe(201);
      expect((await send('Two', 'two@example.org')).status).toBe(201);
      const before = await storedCounts(limited);
      const refused = await send('Three', 'three@example.org');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many bookings from your connection in a short time. Please wait a minute and try again.' });
      expect(await storedCounts(limited)).toEqual(before);
      // Without an e-mail nothing is sent, so the bookings' limit does not apply; another address has its own count.
      expect((await send('Four', '')).status).toBe(201);
      expect((await send('Five', 'five@example.org', '198.51.100.9')).status).toBe(201);
    } finally {
      await limited.dispose();
    }
  });

  it('one address cannot fill a day with made-up names: 5 sign-ups a minute and 20 a day, with or without an e-mail; a real volunteer still signs up', async () => {
    const limited = await startTestApp({ env: { TRUST_PROXY: '1', WORKDAY_SIGNUP_LIMIT_PER_MINUTE: '5', WORKDAY_SIGNUP_LIMIT_PER_DAY: '20' } });
    try {
      await addWorkDays(limited);
      const flood = (i: number) =>
        limited
          .agent()
          .post(signupsPath)
          .set('X-Forwarded-For', '203.0.113.66')
          .send({ ...volunteer(`Flood${i}`, ''), otherJob: 'Anything' });
      const statuses: number[] = [];
      const refusals = new Set<string>();
      for (let i = 0; i < 200; i += 1) {
        const answer = await flood(i);
        statuses.push(answer.status);
        if (answer.status === 429) refusals.add(answer.body.error);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(195);
      expect([...refusals]).toEqual(['Too many work-day sign-ups from your connection in a short time. Please wait a minute and try again.']);
      expect((await limited.get('workDays').listSignups(WORK_DAY.id)).filter((s) => s.firstName.startsWith('Flood'))).toHaveLength(5);
      // Each further minute 5 more, up to 20 in a day; then the day's message.
      for (let minute = 1; minute <= 3; minute += 1) {
        limited.clock.advance(60_000);
        for (let i = 0; i < 5; i += 1) expect((await flood(1000 * minute + i)).status).toBe(201);
      }
      limited.clock.advance(60_000);
      const day = await flood(9999);
      expect(day.status).toBe(429);
      expect(day.body).toEqual({
        error: 'Too many work-day sign-ups from your connection today. Please try again tomorrow, or contact the club if you need to sign up more people.',
      });
      // A real volunteer from elsewhere is not held up by any of it.
      const real = await limited
        .agent()
        .post(signupsPath)
        .set('X-Forwarded-For', '198.51.100.20')
        .send(volunteer('Grace', 'grace@example.org', ['painting']));
      expect(real.status).toBe(201);
    } finally {
      await limited.dispose();
    }
  });
});
