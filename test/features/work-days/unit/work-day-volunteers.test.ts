import { describe, expect, it } from 'vitest';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';
import { MemoryJobQueue } from '../../../../adapters/memory/memory-job-queue';
import { NotFoundError } from '../../../../core/shared/errors';
import { GetMyWorkDaySignup } from '../../../../core/work-days/get-my-work-day-signup';
import { ScheduleReminders } from '../../../../core/operations/schedule-reminders';
import { SendWorkDayReminders } from '../../../../core/work-days/send-work-day-reminders';
import { SignUpForWorkDay } from '../../../../core/work-days/sign-up-for-work-day';
import { WithdrawFromWorkDay } from '../../../../core/work-days/withdraw-from-work-day';
import { readWithdrawToken, withdrawTokenOf } from '../../../../core/work-days/work-day-links';
import { SPRING_CLEAN, makeWorld } from '../../../support/unit/world';
import { aWorkDay } from '../../../support/entities';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const volunteer = { firstName: 'Ann', lastName: 'Sailor', selectedJobs: ['paint'], otherJob: '', notes: '', bringingTools: false, wantsFood: false };

async function setUp() {
  const world = makeWorld();
  await world.workDays.create(aWorkDay(SPRING_CLEAN));
  const deps = {
    ...world,
    workDayLinks: new HmacBookingLinks(SECRET, 'workday-withdraw'),
    siteSettings: { clubName: 'Kestrel YC', publicBaseUrl: 'https://club.example' },
    jobs: new MemoryJobQueue(),
    reminderDaysBefore: 2,
  };
  return { world, deps };
}

describe('SignUpForWorkDay with an e-mail', () => {
  it('writes one confirmation with the sign-up, whose withdraw link names it; none without an e-mail; none for a refused one', async () => {
    const { world, deps } = await setUp();
    const { signupId } = await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    const [message] = await world.outbox.list({ recordId: signupId });
    expect(message).toMatchObject({ kind: 'workday-confirmation', mail: { to: 'ann@example.org' } });
    const token = new URL(/https:\/\/club\.example\/work-day-withdraw\?token=\S+/.exec(message.mail.text)![0]).searchParams.get('token')!;
    expect(readWithdrawToken(deps.workDayLinks, token, world.clock.now())).toEqual({ workDayId: 'spring-clean', signupId });

    const quiet = await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, firstName: 'Bob', email: '  ' });
    expect(await world.outbox.list({ recordId: quiet.signupId })).toEqual([]);
    await expect(new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, email: 'again@example.org' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, firstName: 'Cy', email: 'cy@' })).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { email: 'Please enter a valid email address' },
    });
    expect(await world.outbox.list()).toHaveLength(1);
  });
});

describe('withdrawing through the link', () => {
  it('removes the sign-up once and logs it; again says already withdrawn and logs nothing', async () => {
    const { world, deps } = await setUp();
    const { signupId } = await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    const signup = (await world.workDays.listSignups('spring-clean'))[0];
    const token = withdrawTokenOf(deps.workDayLinks, signup, aWorkDay(SPRING_CLEAN));
    expect(await new GetMyWorkDaySignup(deps).execute({ token })).toMatchObject({ status: 'signed-up', workDayName: 'Spring Clean' });
    expect(await new WithdrawFromWorkDay(deps).execute({ token })).toMatchObject({
      status: 'withdrawn',
      message: 'You have withdrawn from this work day. Thank you for letting us know.',
    });
    expect(await world.workDays.listSignups('spring-clean')).toEqual([]);
    expect(await new WithdrawFromWorkDay(deps).execute({ token })).toMatchObject({
      status: 'withdrawn',
      message: 'You have already withdrawn from this work day.',
    });
    const entries = await world.audit.list({ limit: 10 });
    expect(entries).toEqual([
      expect.objectContaining({ recordType: 'workDay', recordId: 'spring-clean', actor: { kind: 'member' }, action: 'workDay.signup-withdrawn' }),
    ]);
    expect(entries[0].summary).toContain(signupId);
  });

  it('refuses a link signed for another purpose, or past its expiry, as not found', async () => {
    const { world, deps } = await setUp();
    await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    const signup = (await world.workDays.listSignups('spring-clean'))[0];
    const manageSigner = new HmacBookingLinks(SECRET);
    const other = withdrawTokenOf(manageSigner, signup, aWorkDay(SPRING_CLEAN));
    await expect(new WithdrawFromWorkDay(deps).execute({ token: other })).rejects.toBeInstanceOf(NotFoundError);
    world.clock.set('2026-12-31T00:00:00.000Z');
    const old = withdrawTokenOf(deps.workDayLinks, signup, aWorkDay(SPRING_CLEAN));
    await expect(new GetMyWorkDaySignup(deps).execute({ token: old })).rejects.toBeInstanceOf(NotFoundError);
    expect(await world.workDays.listSignups('spring-clean')).toHaveLength(1);
  });
});

describe('work-day reminders', () => {
  it('the round schedules the work day’s job when due; the job writes one reminder per volunteer with an e-mail, once however often it runs', async () => {
    const { world, deps } = await setUp();
    await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    await new SignUpForWorkDay(deps).execute('spring-clean', { ...volunteer, firstName: 'Bob', email: '' });
    expect(await new ScheduleReminders(deps).execute()).toEqual([]);
    // aWorkDay is on 20 June at 08:00 UTC: due from 18 June 08:00.
    world.clock.set('2026-06-18T08:00:00.000Z');
    expect(await new ScheduleReminders(deps).execute()).toEqual(['spring-clean']);
    const [job] = await deps.jobs.claimDue(world.clock.now(), 60_000, 10);
    expect(job.job.kind).toBe('workday-reminders');
    expect(await new SendWorkDayReminders(deps).execute(job.job.payload)).toBe(1);
    expect(await new SendWorkDayReminders(deps).execute(job.job.payload)).toBe(0);
    expect((await world.outbox.list()).filter((m) => m.kind === 'workday-reminder').map((m) => m.mail.to)).toEqual(['ann@example.org']);
    // A job for a date the work day no longer has writes nothing.
    expect(await new SendWorkDayReminders(deps).execute({ ...job.job.payload, date: '2026-06-27T08:00:00.000Z' })).toBe(0);
  });
});
