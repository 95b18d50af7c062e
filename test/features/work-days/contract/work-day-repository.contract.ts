import { expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import { WORK_DAY_MESSAGES } from '../../../../core/work-days/work-days';
import { WORK_DAY_FORM_MESSAGES } from '../../../../core/work-days/work-day-form';
import type { WorkDay } from '../../../../core/work-days/work-day';
import type { WorkDayRepository } from '../../../../core/work-days/work-day-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aSignup, aWorkDay } from '../../../support/entities';

export function describeWorkDayRepositoryContract(name: string, makeAdapter: AdapterFactory<WorkDayRepository>): void {
  describeContract('WorkDayRepository', name, makeAdapter, (workDays) => {
    itAnswers(
      'returns null for a work day that does not exist, and lists none at first',
      [() => workDays().get('spring-clean'), null],
      [() => workDays().list(), []],
    );

    it('gives back a created work day with its jobs, unchanged', async () => {
      await workDays().create(aWorkDay());
      expect(await workDays().get('spring-clean')).toEqual(aWorkDay());
    });

    it('refuses a second work day with the same id, keeping the first', async () => {
      await workDays().create(aWorkDay());
      expect(await rejectionOf(workDays().create(aWorkDay({ name: 'Other', jobs: [] })))).toBeInstanceOf(ConflictError);
      expect(await workDays().get('spring-clean')).toEqual(aWorkDay());
    });

    it('lists work days by date ascending, undated ones last', async () => {
      await workDays().create(aWorkDay({ id: 'undated', date: null }));
      await workDays().create(aWorkDay({ id: 'autumn', date: '2026-10-03T08:00:00.000Z' }));
      // 08:30+01:00 is 07:30 UTC, earlier than 'spring' although its text sorts later.
      await workDays().create(aWorkDay({ id: 'spring-early', date: '2026-04-11T08:30:00+01:00' }));
      await workDays().create(aWorkDay({ id: 'spring', date: '2026-04-11T08:00:00.000Z', active: false, foodAvailable: false }));
      expect((await workDays().list()).map((w) => w.id)).toEqual(['spring-early', 'spring', 'autumn', 'undated']);
      expect((await workDays().list())[1]).toEqual(aWorkDay({ id: 'spring', date: '2026-04-11T08:00:00.000Z', active: false, foodAvailable: false }));
    });

    it('lists the sign-ups of an e-mail (any case, spaces ignored) across work days, newest first, limited', async () => {
      await workDays().create(aWorkDay());
      await workDays().create(aWorkDay({ id: 'autumn', date: '2026-10-03T08:00:00.000Z' }));
      await workDays().addSignup(aSignup({ id: 'old', email: 'ann@example.org', submittedAt: '2026-04-01T10:00:00.000Z' }));
      await workDays().addSignup(aSignup({ id: 'new', workDayId: 'autumn', email: ' Ann@Example.ORG ', submittedAt: '2026-04-03T10:00:00.000Z' }));
      await workDays().addSignup(aSignup({ id: 'other', firstName: 'Bob', email: 'bob@example.org', submittedAt: '2026-04-02T10:00:00.000Z' }));
      await workDays().addSignup(aSignup({ id: 'none', firstName: 'Cy', email: null, submittedAt: '2026-04-02T10:00:00.000Z' }));
      expect((await workDays().listSignupsByEmail('ann@example.org', 10)).map((s) => s.id)).toEqual(['new', 'old']);
      expect((await workDays().listSignupsByEmail('ann@example.org', 1)).map((s) => s.id)).toEqual(['new']);
      expect((await workDays().listSignupsByEmail('ann@example.org', 10))[1]).toEqual(
        aSignup({ id: 'old', email: 'ann@example.org', submittedAt: '2026-04-01T10:00:00.000Z' }),
      );
      expect(await workDays().listSignupsByEmail('nobody@example.org', 10)).toEqual([]);
    });

    it('stores sign-ups and lists a work day’s sign-ups oldest first', async () => {
      await workDays().create(aWorkDay());
      await workDays().create(aWorkDay({ id: 'autumn' }));
      const late = aSignup({
        id: 's-late',
        firstName: 'Lee',
        submittedAt: '2026-04-03T10:00:00.000Z',
        selectedJobs: [],
        otherJob: 'Fix the gate',
        wantsFood: true,
      });
      const early = aSignup({ id: 's-early', submittedAt: '2026-04-01T09:00:00.000Z', selectedJobs: ['slipway', 'paint'], notes: 'After 10' });
      await workDays().addSignup(late);
      await workDays().addSignup(early);
      await workDays().addSignup(aSignup({ id: 's-autumn', workDayId: 'autumn' }));
      expect(await workDays().listSignups('spring-clean')).toEqual([early, late]);
      expect((await workDays().listSignups('autumn')).map((s) => s.id)).toEqual(['s-autumn']);
      expect(await workDays().listSignups('no-such-day')).toEqual([]);
    });

    it('keeps a sign-up’s e-mail address, and null for one given none', async () => {
      await workDays().create(aWorkDay());
      const withEmail = aSignup({ id: 'with-email', firstName: 'Ann', email: 'ann@example.org' });
      const without = aSignup({ id: 'without', firstName: 'Bob', submittedAt: '2026-04-02T10:00:00.000Z', email: null });
      await workDays().addSignup(withEmail);
      await workDays().addSignup(without);
      expect(await workDays().listSignups('spring-clean')).toEqual([withEmail, without]);
      expect(await workDays().removeSignup('spring-clean', 'with-email')).toEqual(withEmail);
    });

    it('refuses a sign-up for a work day that does not exist', async () => {
      expect(await rejectionOf(workDays().addSignup(aSignup({ workDayId: 'ghost' })))).toBeInstanceOf(NotFoundError);
      expect(await workDays().listSignups('ghost')).toEqual([]);
    });

    it('refuses a sign-up for a full job with the rule’s message, storing nothing, and still takes other jobs', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] }));
      await workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['paint', 'slipway'] }));
      const refused = await rejectionOf(workDays().addSignup(aSignup({ id: 'p3', firstName: 'Cy', selectedJobs: ['slipway', 'paint'] })));
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toBe(WORK_DAY_MESSAGES.jobsFull(['Paint the hut']));
      await workDays().addSignup(aSignup({ id: 'p4', firstName: 'Cy', selectedJobs: ['slipway'] }));
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id).sort()).toEqual(['p1', 'p2', 'p4']);
    });

    it('refuses a second sign-up by the same name for the same day, whatever its case and spaces, but not on another day', async () => {
      await workDays().create(aWorkDay());
      await workDays().create(aWorkDay({ id: 'autumn' }));
      await workDays().addSignup(aSignup({ id: 'first', firstName: 'Sam', lastName: 'Helper' }));
      const again = await rejectionOf(workDays().addSignup(aSignup({ id: 'again', firstName: ' sam', lastName: 'HELPER ', selectedJobs: ['paint'] })));
      expect(again).toBeInstanceOf(ConflictError);
      expect((again as Error).message).toBe(WORK_DAY_MESSAGES.alreadySignedUp('sam HELPER'));
      await workDays().addSignup(aSignup({ id: 'autumn-sam', workDayId: 'autumn' }));
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['first']);
    });

    it('stores exactly 2 of 10 simultaneous sign-ups for a job needing 2; the other 8 are told it is full', async () => {
      await workDays().create(aWorkDay());
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => workDays().addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] }))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error);
      expect(refusals).toHaveLength(8);
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(ConflictError);
        expect(refusal.message).toBe(WORK_DAY_MESSAGES.jobsFull(['Paint the hut']));
      }
      expect((await workDays().listSignups('spring-clean')).filter((s) => s.selectedJobs.includes('paint'))).toHaveLength(2);
    });

    it('stores one of five simultaneous sign-ups by the same name', async () => {
      await workDays().create(aWorkDay());
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) =>
          workDays().addSignup(aSignup({ id: `twice-${i}`, selectedJobs: i % 2 === 0 ? ['slipway'] : [], otherJob: 'Anything' })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await workDays().listSignups('spring-clean')).toHaveLength(1);
    });

    it('removes a sign-up once, giving it back; its place is free again; another day’s id removes nothing', async () => {
      await workDays().create(aWorkDay());
      await workDays().create(aWorkDay({ id: 'autumn' }));
      const ann = aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] });
      await workDays().addSignup(ann);
      await workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['paint'] }));
      expect(await workDays().removeSignup('autumn', 'p1')).toBeNull();
      expect(await workDays().removeSignup('spring-clean', 'p1')).toEqual(ann);
      expect(await workDays().removeSignup('spring-clean', 'p1')).toBeNull();
      expect(await workDays().removeSignup('spring-clean', 'never')).toBeNull();
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['p2']);
      // The job needed 2 and was full: the removal frees the place for somebody else.
      await workDays().addSignup(aSignup({ id: 'p3', firstName: 'Cy', selectedJobs: ['paint'] }));
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['p2', 'p3']);
    });

    it('removes a sign-up racing with sign-ups for its job: the job never ends up with more than it needs', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] }));
      await workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['paint'] }));
      const results = await Promise.allSettled([
        workDays().removeSignup('spring-clean', 'p1'),
        ...Array.from({ length: 6 }, (_, i) => workDays().addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] }))),
      ]);
      expect(results[0]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ id: 'p1' }) });
      const painters = (await workDays().listSignups('spring-clean')).filter((s) => s.selectedJobs.includes('paint'));
      expect(painters.map((s) => s.id)).not.toContain('p1');
      expect(painters.length).toBeGreaterThanOrEqual(1);
      expect(painters.length).toBeLessThanOrEqual(2);
      expect(results.slice(1).filter((r) => r.status === 'fulfilled')).toHaveLength(painters.length - 1);
    });
    it('removes a batch of sign-ups at once, giving back those that were there in the order asked; another day’s and unknown ids are left out', async () => {
      await workDays().create(aWorkDay());
      await workDays().create(aWorkDay({ id: 'autumn' }));
      const ann = aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] });
      const bob = aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['paint'] });
      await workDays().addSignup(ann);
      await workDays().addSignup(bob);
      await workDays().addSignup(aSignup({ id: 'p3', firstName: 'Cy', selectedJobs: [], otherJob: 'Anything' }));
      await workDays().addSignup(aSignup({ id: 'a1', workDayId: 'autumn', firstName: 'Dee', selectedJobs: [], otherJob: 'Anything' }));
      expect(await workDays().removeSignups('spring-clean', [])).toEqual([]);
      expect(await workDays().removeSignups('spring-clean', ['p2', 'never', 'a1', 'p1', 'p2'])).toEqual([bob, ann]);
      expect(await workDays().removeSignups('spring-clean', ['p1', 'p2'])).toEqual([]);
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['p3']);
      expect((await workDays().listSignups('autumn')).map((s) => s.id)).toEqual(['a1']);
      // Both places of the full job are free again.
      await workDays().addSignup(aSignup({ id: 'p4', firstName: 'Eve', selectedJobs: ['paint'] }));
      await workDays().addSignup(aSignup({ id: 'p5', firstName: 'Fay', selectedJobs: ['paint'] }));
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['p3', 'p4', 'p5']);
    });

    it('removes a batch racing with sign-ups for its job: the job never ends up with more than it needs', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] }));
      await workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['paint'] }));
      const results = await Promise.allSettled([
        workDays().removeSignups('spring-clean', ['p1', 'p2']),
        ...Array.from({ length: 6 }, (_, i) => workDays().addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] }))),
      ]);
      expect(results[0]).toEqual({ status: 'fulfilled', value: [expect.objectContaining({ id: 'p1' }), expect.objectContaining({ id: 'p2' })] });
      const painters = (await workDays().listSignups('spring-clean')).filter((s) => s.selectedJobs.includes('paint'));
      expect(painters.map((s) => s.id).filter((id) => id === 'p1' || id === 'p2')).toEqual([]);
      expect(painters.length).toBeLessThanOrEqual(2);
      expect(results.slice(1).filter((r) => r.status === 'fulfilled')).toHaveLength(painters.length);
    });

    const withJob =
      (jobId: string, change: Partial<WorkDay['jobs'][number]>) =>
      (day: WorkDay): WorkDay => ({ ...day, jobs: day.jobs.map((job) => (job.id === jobId ? { ...job, ...change } : job)) });

    it('updates a work day: the change gets the stored day, the result is stored and given back with the day before', async () => {
      await workDays().create(aWorkDay());
      const result = await workDays().update('spring-clean', (day) => ({
        ...day,
        name: 'Spring clean (moved)',
        date: '2026-04-18T08:00:00.000Z',
        archived: true,
        jobs: [
          ...day.jobs.map((job) => (job.id === 'paint' ? { ...job, closed: true } : job)),
          { id: 'gate', title: 'Fix the gate', description: '', volunteersNeeded: 1 },
        ],
      }));
      const expected = aWorkDay({
        name: 'Spring clean (moved)',
        date: '2026-04-18T08:00:00.000Z',
        archived: true,
        jobs: [
          ...aWorkDay().jobs.map((job) => (job.id === 'paint' ? { ...job, closed: true } : job)),
          { id: 'gate', title: 'Fix the gate', description: '', volunteersNeeded: 1 },
        ],
      });
      expect(result).toEqual({ before: aWorkDay(), after: expected });
      expect(await workDays().get('spring-clean')).toEqual(expected);
      expect((await workDays().list()).map((w) => w.id)).toEqual(['spring-clean']);
      // Unarchived and reopened: the flags read back as given.
      await workDays().update('spring-clean', (day) => ({ ...day, archived: false, jobs: day.jobs.map((job) => ({ ...job, closed: false })) }));
      const reopened = await workDays().get('spring-clean');
      expect(reopened?.archived).toBe(false);
      expect(reopened?.jobs.map((job) => job.closed)).toEqual([false, false, false]);
    });

    it('refuses to update a work day that does not exist', async () => {
      expect(await rejectionOf(workDays().update('ghost', (day) => day))).toBeInstanceOf(NotFoundError);
      expect(await workDays().get('ghost')).toBeNull();
    });

    it('stores nothing when the change itself throws, and passes its error on', async () => {
      await workDays().create(aWorkDay());
      const oops = new Error('the form was refused');
      expect(
        await rejectionOf(
          workDays().update('spring-clean', () => {
            throw oops;
          }),
        ),
      ).toBe(oops);
      expect(await workDays().get('spring-clean')).toEqual(aWorkDay());
    });

    it('refuses to delete a job that has sign-ups, storing nothing, but deletes one without', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] }));
      const refused = await rejectionOf(
        workDays().update('spring-clean', (day) => ({ ...day, name: 'Renamed', jobs: day.jobs.filter((job) => job.id !== 'paint') })),
      );
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toBe(WORK_DAY_FORM_MESSAGES.jobHasVolunteers('Paint the hut', 1));
      expect(await workDays().get('spring-clean')).toEqual(aWorkDay());
      await workDays().update('spring-clean', (day) => ({ ...day, jobs: day.jobs.filter((job) => job.id !== 'slipway') }));
      expect((await workDays().get('spring-clean'))?.jobs.map((job) => job.id)).toEqual(['paint']);
    });

    it('refuses to need fewer volunteers than have signed up, storing nothing; as many as signed up is fine', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['slipway'] }));
      await workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['slipway', 'paint'] }));
      const refused = await rejectionOf(workDays().update('spring-clean', withJob('slipway', { volunteersNeeded: 1 })));
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toBe(WORK_DAY_FORM_MESSAGES.fewerThanSignedUp('Clear the slipway', 2));
      expect(await workDays().get('spring-clean')).toEqual(aWorkDay());
      await workDays().update('spring-clean', withJob('slipway', { volunteersNeeded: 2 }));
      expect((await workDays().get('spring-clean'))?.jobs[0].volunteersNeeded).toBe(2);
    });

    it('refuses sign-ups for a closed job (keeping its volunteers) and for a job the day no longer has', async () => {
      await workDays().create(aWorkDay());
      await workDays().addSignup(aSignup({ id: 'p1', firstName: 'Ann', selectedJobs: ['paint'] }));
      await workDays().update('spring-clean', withJob('paint', { closed: true }));
      const closed = await rejectionOf(workDays().addSignup(aSignup({ id: 'p2', firstName: 'Bob', selectedJobs: ['slipway', 'paint'] })));
      expect(closed).toBeInstanceOf(ConflictError);
      expect((closed as Error).message).toBe(WORK_DAY_MESSAGES.jobsClosed(['Paint the hut']));
      const gone = await rejectionOf(workDays().addSignup(aSignup({ id: 'p3', firstName: 'Cy', selectedJobs: ['bar'] })));
      expect(gone).toBeInstanceOf(ConflictError);
      expect((gone as Error).message).toBe(WORK_DAY_MESSAGES.unknownJob);
      await workDays().addSignup(aSignup({ id: 'p4', firstName: 'Bob', selectedJobs: ['slipway'] }));
      expect((await workDays().listSignups('spring-clean')).map((s) => s.id)).toEqual(['p1', 'p4']);
    });

    it('lowers a job’s needed count racing with sign-ups for it: the job never holds more volunteers than it needs', async () => {
      await workDays().create(aWorkDay({ jobs: [{ id: 'paint', title: 'Paint the hut', description: '', volunteersNeeded: 3 }] }));
      await workDays().addSignup(aSignup({ id: 'p0', firstName: 'Ann', selectedJobs: ['paint'] }));
      const results = await Promise.allSettled([
        workDays().update('spring-clean', withJob('paint', { volunteersNeeded: 2 })),
        ...Array.from({ length: 5 }, (_, i) => workDays().addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] }))),
      ]);
      const needed = (await workDays().get('spring-clean'))!.jobs[0].volunteersNeeded;
      const painters = (await workDays().listSignups('spring-clean')).length;
      expect(painters).toBeLessThanOrEqual(needed);
      if (results[0].status === 'fulfilled') {
        expect(needed).toBe(2);
        expect(painters).toBe(2);
      } else {
        // Refused only because the sign-ups got there first and filled all 3 places.
        expect((results[0].reason as Error).message).toBe(WORK_DAY_FORM_MESSAGES.fewerThanSignedUp('Paint the hut', 3));
        expect(needed).toBe(3);
        expect(painters).toBe(3);
      }
      expect(results.slice(1).filter((r) => r.status === 'fulfilled')).toHaveLength(painters - 1);
    });

    it('deletes a job racing with sign-ups for it: either the job is gone with no sign-ups, or it stays with them', async () => {
      await workDays().create(aWorkDay());
      const results = await Promise.allSettled([
        ...Array.from({ length: 3 }, (_, i) => workDays().addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] }))),
        workDays().update('spring-clean', (day) => ({ ...day, jobs: day.jobs.filter((job) => job.id !== 'paint') })),
      ]);
      const day = (await workDays().get('spring-clean'))!;
      const painters = (await workDays().listSignups('spring-clean')).filter((s) => s.selectedJobs.includes('paint'));
      if (results[3].status === 'fulfilled') {
        expect(day.jobs.map((job) => job.id)).toEqual(['slipway']);
        expect(painters).toEqual([]);
      } else {
        expect(results[3].reason).toBeInstanceOf(ConflictError);
        expect(day.jobs.map((job) => job.id)).toEqual(['slipway', 'paint']);
        expect(painters.length).toBeGreaterThanOrEqual(1);
      }
      expect(results.slice(0, 3).filter((r) => r.status === 'fulfilled')).toHaveLength(painters.length);
    });
  });
}
