import { expect, it } from 'vitest';
import { afterJobFailed, afterJobRan, JOB_LEASE_MS, newJob } from '../../../core/jobs/jobs';
import type { Job } from '../../../core/jobs/job';
import type { JobQueue } from '../../../core/jobs/job-queue.port';
import { describeContract, itHandsAnUnsettledClaimOn, type AdapterFactory } from '../../support/contract/storage-fixtures';

export const T0 = new Date('2026-06-01T09:00:00.000Z');
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A job due `minutes` after T0, scheduled at T0. */
export function aJob(id: string, minutes = 0, kind = 'count'): Job {
  return newJob({ id, kind, payload: { record: `record-${id}`, n: minutes, flag: true, none: null }, dueAt: at(minutes) }, T0);
}

const ids = (claims: { job: Job }[]) => claims.map((c) => c.job.id);

export function describeJobQueueContract(name: string, makeAdapter: AdapterFactory<JobQueue>): void {
  describeContract('JobQueue', name, makeAdapter, (jobs) => {
    it('keeps each job whole; an unknown id is null', async () => {
      await jobs().schedule([aJob('a', 5), aJob('b')]);
      expect(await jobs().get('a')).toEqual(aJob('a', 5));
      expect(await jobs().get('b')).toEqual(aJob('b'));
      expect(await jobs().get('nope')).toBeNull();
      expect(await jobs().get('a/b')).toBeNull();
    });

    it('scheduling an id already stored keeps the first job as it is, pending, claimed or done', async () => {
      await jobs().schedule([aJob('a', 0)]);
      await jobs().schedule([aJob('a', 30), aJob('b', 1)]);
      expect(await jobs().get('a')).toEqual(aJob('a', 0));
      expect(await jobs().get('b')).toEqual(aJob('b', 1));
      const [claim] = await jobs().claimDue(at(0), JOB_LEASE_MS, 1);
      await jobs().schedule([aJob('a', 0)]);
      // Still held by its claim: not due again while the lease runs.
      expect(await jobs().claimDue(at(1), JOB_LEASE_MS, 5).then(ids)).toEqual(['b']);
      expect(await jobs().settle(claim, afterJobRan(claim.job, at(2)))).toBe(true);
      await jobs().schedule([aJob('a', 0)]);
      expect(await jobs().get('a')).toEqual(afterJobRan(aJob('a', 0), at(2)));
      expect(
        await jobs()
          .claimDue(at(60 * 24), JOB_LEASE_MS, 5)
          .then(ids),
      ).toEqual(['b']);
    });

    it('claims only what is due, earliest due first, at most the limit, and never twice while the lease runs', async () => {
      await jobs().schedule([aJob('late', 10), aJob('first', 0), aJob('second', 1)]);
      expect(await jobs().claimDue(at(5), JOB_LEASE_MS, 1).then(ids)).toEqual(['first']);
      expect(await jobs().claimDue(at(5), JOB_LEASE_MS, 5).then(ids)).toEqual(['second']);
      expect(await jobs().claimDue(at(6), JOB_LEASE_MS, 5)).toEqual([]);
      expect(await jobs().claimDue(at(10), JOB_LEASE_MS, 5).then(ids)).toEqual(['late']);
    });

    itHandsAnUnsettledClaimOn(
      "gives a claim never settled (its runner died) to the next runner after the lease, and refuses the first holder's outcome",
      jobs,
      {
        add: (items) => jobs().schedule(items),
        itemOf: (claimed) => claimed.job,
        item: aJob('a'),
        leaseMs: JOB_LEASE_MS,
        waiting: 'pending',
        settled: afterJobRan,
        start: at(0),
        end: at(16),
      },
    );

    it('a failed job is due again at its next try and not before; a done or given-up one never; a repeating one at its next run', async () => {
      await jobs().schedule([aJob('retry'), aJob('done'), aJob('again'), aJob('given-up')]);
      const claims = new Map((await jobs().claimDue(at(0), JOB_LEASE_MS, 5)).map((c) => [c.job.id, c]));
      const failed = afterJobFailed(claims.get('retry')!.job, at(0), 'database busy');
      const gaveUp = afterJobFailed({ ...claims.get('given-up')!.job, attempts: 30 }, at(60 * 24), 'still broken');
      expect(gaveUp.status).toBe('failed');
      expect(await jobs().settle(claims.get('retry')!, failed)).toBe(true);
      expect(await jobs().settle(claims.get('done')!, afterJobRan(claims.get('done')!.job, at(0)))).toBe(true);
      expect(await jobs().settle(claims.get('again')!, afterJobRan(claims.get('again')!.job, at(0), at(15)))).toBe(true);
      expect(await jobs().settle(claims.get('given-up')!, gaveUp)).toBe(true);
      expect(await jobs().get('retry')).toEqual(failed);
      expect(await jobs().claimDue(new Date(Date.parse(failed.nextAttemptAt!) - 1), JOB_LEASE_MS, 5)).toEqual([]);
      expect(await jobs().claimDue(new Date(failed.nextAttemptAt!), JOB_LEASE_MS, 5).then(ids)).toEqual(['retry']);
      expect(await jobs().claimDue(at(15), JOB_LEASE_MS, 5).then(ids)).toEqual(['again']);
      expect(
        await jobs()
          .claimDue(at(60 * 48), JOB_LEASE_MS, 5)
          .then((c) => ids(c).sort()),
      ).toEqual(['again', 'retry']);
    });
  });
}
