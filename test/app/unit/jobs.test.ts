import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterJobFailed, afterJobRan, jobDueAtMs, newJob } from '../../../core/jobs/jobs';
import { afterFailedTry, GIVE_UP_AFTER_MS, retryDelayMs } from '../../../core/shared/retries';
import { JobSchema, type Job } from '../../../core/jobs/job';
import { expectBackedOff } from '../../support/unit/back-off';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('a scheduled job', () => {
  it('is pending and due at its time (at once when that has passed), with what it needs to know', () => {
    const job = newJob({ id: 'offer-expiry-b1', kind: 'offer-expiry', payload: { bookingId: 'b1' }, dueAt: minutes(30) }, NOW);
    expect(JobSchema.parse(job)).toEqual(job);
    expect(job).toMatchObject({ status: 'pending', createdAt: NOW.toISOString(), dueAt: minutes(30).toISOString(), attempts: 0, payload: { bookingId: 'b1' } });
    expect(jobDueAtMs(job)).toBe(minutes(30).getTime());
    expect(newJob({ id: 'x', kind: 'k', dueAt: NOW }, NOW).payload).toEqual({});
  });

  it('once run is done and never due again; a repeating one is due again at its next run with no failures counted', () => {
    const job = { ...newJob({ id: 'j', kind: 'k', dueAt: NOW }, NOW), attempts: 3, lastError: 'busy' };
    const done = afterJobRan(job, minutes(1));
    expect(done).toMatchObject({ status: 'done', doneAt: minutes(1).toISOString(), nextAttemptAt: null, attempts: 0, lastError: null });
    expect(jobDueAtMs(done)).toBeNull();
    const again = afterJobRan(job, minutes(1), minutes(16));
    expect(again).toMatchObject({ status: 'pending', dueAt: minutes(16).toISOString(), attempts: 0, lastError: null, doneAt: minutes(1).toISOString() });
    expect(jobDueAtMs(again)).toBe(minutes(16).getTime());
  });

  it('after a failure at any moment: due again exactly the back-off later while the day since it was due lasts, given up after', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 2 * GIVE_UP_AFTER_MS }),
        fc.string({ maxLength: 2000 }),
        (attempts, sinceDue, error) => {
          const job: Job = { ...newJob({ id: 'j', kind: 'k', dueAt: NOW }, NOW), attempts };
          const now = new Date(NOW.getTime() + sinceDue);
          const next = afterJobFailed(job, now, error);
          expectBackedOff(next, jobDueAtMs(next), { attempts, at: now, firstDue: NOW, waitingStatus: 'pending' });
          expect(next.lastError).toBe(error.slice(0, 1000));
          expect(JobSchema.parse(next)).toEqual(next);
        },
      ),
    );
  });

  it('work that repeats is never given up: it is tried again after the back-off, however long it has failed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 30 * GIVE_UP_AFTER_MS }), (attempts, sinceDue) => {
        const job: Job = { ...newJob({ id: 'round', kind: 'round', dueAt: NOW }, NOW), attempts };
        const now = new Date(NOW.getTime() + sinceDue);
        const next = afterJobFailed(job, now, 'down', { repeats: true });
        expect(next.status).toBe('pending');
        expect(jobDueAtMs(next)).toBe(now.getTime() + retryDelayMs(attempts + 1));
      }),
    );
  });

  it('the shared retry rule gives the outbox and the jobs the same answer', () => {
    expect(afterFailedTry(0, NOW.toISOString(), NOW)).toEqual({ attempts: 1, nextAttemptAt: minutes(1).toISOString() });
    expect(afterFailedTry(1, NOW.toISOString(), minutes(1))).toEqual({ attempts: 2, nextAttemptAt: minutes(3).toISOString() });
    expect(afterFailedTry(9, NOW.toISOString(), minutes(24 * 60 - 30))).toEqual({ attempts: 10, nextAttemptAt: null });
    expect(afterFailedTry(9, NOW.toISOString(), minutes(24 * 60 - 30), { giveUp: false }).nextAttemptAt).toBe(minutes(24 * 60 + 30).toISOString());
  });
});
