import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORK_DAY_REMOVAL_KIND, workDayRemovalNotice } from '../../../../core/work-days/work-day-mail';
import { RemoveWorkDaySignup } from '../../../../core/work-days/remove-work-day-signup';
import { GetWorkDay } from '../../../../core/work-days/get-work-day';
import { ListWorkDays } from '../../../../core/work-days/list-work-days';
import { SignUpForWorkDay } from '../../../../core/work-days/sign-up-for-work-day';
import { ListWorkDaySignups } from '../../../../core/work-days/list-work-day-signups';
import { NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { SPRING_CLEAN, makeWorld, withPermissions } from '../../../support/unit/world';
import { anAdmin, aSignup, aWorkDay } from '../../../support/entities';

const volunteer = {
  firstName: ' Ann ',
  lastName: ' Sailor ',
  selectedJobs: ['paint'],
  otherJob: '',
  notes: ' Can stay late ',
  bringingTools: true,
  wantsFood: true,
};

async function setUp() {
  const world = makeWorld();
  await world.workDays.create(aWorkDay(SPRING_CLEAN));
  return world;
}

describe('SignUpForWorkDay', () => {
  it('saves the sign-up and counts the jobs chosen, the written-in job included', async () => {
    const world = await setUp();
    const result = await new SignUpForWorkDay(world).execute('spring-clean', {
      ...volunteer,
      selectedJobs: ['paint', 'slipway', 'paint'],
      otherJob: 'Fix the gate',
    });
    expect(result).toEqual({ signupId: 'id-000001', jobsChosen: 3 });
    expect(await world.workDays.listSignups('spring-clean')).toEqual([
      {
        id: 'id-000001',
        workDayId: 'spring-clean',
        firstName: 'Ann',
        lastName: 'Sailor',
        selectedJobs: ['paint', 'slipway'],
        otherJob: 'Fix the gate',
        notes: 'Can stay late',
        bringingTools: true,
        wantsFood: true,
        submittedAt: '2026-06-01T09:00:00.000Z',
        email: null,
      },
    ]);
  });

  it('drops the food tick when the day offers no food', async () => {
    const world = makeWorld();
    await world.workDays.create(aWorkDay({ ...SPRING_CLEAN, foodAvailable: false }));
    await new SignUpForWorkDay(world).execute('spring-clean', volunteer);
    expect((await world.workDays.listSignups('spring-clean'))[0].wantsFood).toBe(false);
  });

  it('refuses a sign-up without a job, without names, or with a job the day does not have', async () => {
    const world = await setUp();
    const use = new SignUpForWorkDay(world);
    await expect(use.execute('spring-clean', { ...volunteer, selectedJobs: [], otherJob: '  ' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: "Please select at least one job you'd like to help with",
      fields: { selectedJobs: "Please select at least one job you'd like to help with" },
    });
    await expect(use.execute('spring-clean', { ...volunteer, lastName: ' ' })).rejects.toMatchObject({
      message: 'Please enter your first and last name',
      fields: { firstName: 'Please enter your first and last name', lastName: 'Please enter your first and last name' },
    });
    await expect(use.execute('spring-clean', { ...volunteer, selectedJobs: ['juggling'] })).rejects.toMatchObject({ message: 'Unknown job' });
    await expect(use.execute('spring-clean', { ...volunteer, selectedJobs: 'paint' })).rejects.toBeInstanceOf(ValidationError);
    expect(await world.workDays.listSignups('spring-clean')).toEqual([]);
  });

  it('answers "Work Day Not Found" for an unknown or inactive work day', async () => {
    const world = await setUp();
    await world.workDays.create(aWorkDay({ ...SPRING_CLEAN, id: 'old', active: false }));
    for (const id of ['nope', 'old', '']) {
      const attempt = new SignUpForWorkDay(world).execute(id, volunteer);
      await expect(attempt).rejects.toBeInstanceOf(NotFoundError);
      await expect(attempt).rejects.toThrow('Work Day Not Found');
    }
  });
});

describe('GetWorkDay and ListWorkDays', () => {
  it('show each job with the number of volunteers signed up for it', async () => {
    const world = await setUp();
    await world.workDays.create(aWorkDay({ ...SPRING_CLEAN, id: 'autumn', name: 'Autumn Work Day', date: '2026-10-01T08:00:00.000Z' }));
    await world.workDays.create(aWorkDay({ ...SPRING_CLEAN, id: 'hidden', active: false }));
    const signUp = new SignUpForWorkDay(world);
    await signUp.execute('spring-clean', volunteer);
    await signUp.execute('spring-clean', { ...volunteer, firstName: 'Bob', selectedJobs: ['paint', 'slipway'] });
    const day = await new GetWorkDay(world).execute('spring-clean');
    expect(day.jobs.map((j) => [j.id, j.currentVolunteers])).toEqual([
      ['paint', 2],
      ['slipway', 1],
    ]);
    const days = await new ListWorkDays(world).execute();
    expect(days.map((d) => [d.id, d.jobs.map((j) => j.currentVolunteers)])).toEqual([
      ['spring-clean', [2, 1]],
      ['autumn', [0, 0]],
    ]);
    await expect(new GetWorkDay(world).execute('hidden')).rejects.toThrow('Work Day Not Found');
    await expect(new GetWorkDay(world).execute('nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('ListWorkDaySignups', () => {
  it('shows admins with events:read every work day with its sign-ups', async () => {
    const world = await setUp();
    await world.workDays.create(aWorkDay({ ...SPRING_CLEAN, id: 'hidden', active: false, date: null }));
    await new SignUpForWorkDay(world).execute('spring-clean', volunteer);
    const list = await new ListWorkDaySignups(world).execute(withPermissions(['events:read']));
    expect(list.map((w) => [w.workDay.id, w.signups.map((s) => s.firstName)])).toEqual([
      ['spring-clean', ['Ann']],
      ['hidden', []],
    ]);
    expect(list[0].workDay.jobs[0].currentVolunteers).toBe(1);
    await expect(new ListWorkDaySignups(world).execute(withPermissions(['bookings:read']))).rejects.toBeInstanceOf(PermissionError);
    await expect(new ListWorkDaySignups(world).execute(anAdmin())).resolves.toHaveLength(2);
  });
});

describe('RemoveWorkDaySignup', () => {
  const bosun = withPermissions(['workdays:write']);

  it('tells a volunteer who gave an e-mail that the club removed them, in the outbox with the removal; nothing for one without', async () => {
    const world = await setUp();
    const signUp = new SignUpForWorkDay(world);
    const withMail = await signUp.execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    const without = await signUp.execute('spring-clean', { ...volunteer, firstName: 'Bob', selectedJobs: ['slipway'] });
    const notices = async () => (await world.outbox.list()).filter((m) => m.kind === WORK_DAY_REMOVAL_KIND);

    const remove = new RemoveWorkDaySignup(world);
    await remove.execute(bosun, 'spring-clean', withMail.signupId);
    const [notice, ...others] = await notices();
    expect(others).toEqual([]);
    expect(notice.recordId).toBe(withMail.signupId);
    expect(notice.mail.to).toBe('ann@example.org');
    expect(notice.mail.subject).toBe(`Your work day sign-up was removed: ${aWorkDay(SPRING_CLEAN).name}`);
    expect(notice.mail.text).toContain(`Kestrel Yacht Club has removed your sign-up for the work day ${aWorkDay(SPRING_CLEAN).name}`);

    await remove.execute(bosun, 'spring-clean', without.signupId);
    // Removed again: refused, and no second notice.
    await expect(remove.execute(bosun, 'spring-clean', withMail.signupId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await notices()).toHaveLength(1);
  });

  it('writes no notice when the admin may not remove sign-ups', async () => {
    const world = await setUp();
    const signed = await new SignUpForWorkDay(world).execute('spring-clean', { ...volunteer, email: 'ann@example.org' });
    await expect(new RemoveWorkDaySignup(world).execute(withPermissions(['events:read']), 'spring-clean', signed.signupId)).rejects.toBeInstanceOf(
      PermissionError,
    );
    expect((await world.outbox.list()).filter((m) => m.kind === WORK_DAY_REMOVAL_KIND)).toEqual([]);
    expect(await world.workDays.listSignups('spring-clean')).toHaveLength(1);
  });
});

describe('the removal notice (property)', () => {
  it('goes to the volunteer, names the work day and the club, and carries what they typed as text, never as HTML', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), fc.emailAddress(), (firstName, dayName, email) => {
        const day = aWorkDay({ ...SPRING_CLEAN, name: dayName });
        const signup = {
          id: 's1',
          workDayId: day.id,
          firstName,
          lastName: 'X',
          selectedJobs: [],
          otherJob: '<b>x</b>',
          notes: '',
          bringingTools: false,
          wantsFood: false,
          submittedAt: '2026-06-01T09:00:00.000Z',
          email,
        };
        const mail = workDayRemovalNotice(signup, day, { clubName: 'Kestrel Yacht Club' });
        expect(mail.to).toBe(email);
        expect(mail.subject).toBe(`Your work day sign-up was removed: ${dayName}`);
        expect(mail.text).toContain(`Dear ${firstName},`);
        expect(mail.text).toContain(`Kestrel Yacht Club has removed your sign-up for the work day ${dayName}`);
        expect(mail.html).not.toContain('<b>x</b>');
      }),
    );
    expect(() =>
      workDayRemovalNotice(aSignup({ firstName: 'A', lastName: 'B', selectedJobs: [], email: null }), aWorkDay(SPRING_CLEAN), { clubName: 'K' }),
    ).toThrow(RangeError);
  });
});
