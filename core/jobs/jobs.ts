import type { Job, JobPayload } from './job';
import { afterFailedTry } from '../shared/retries';

/**
 * How long a runner holds a job it has claimed before another instance may take it: far longer
 * than any job here takes (a reminder round writes one e-mail per booking of one event), so a job
 * runs once unless its runner died while running it.
 */
export const JOB_LEASE_MS = 15 * 60_000;

/** A job to run at `dueAt` (at once when that has passed). */
export function newJob(fields: { id: string; kind: string; payload?: JobPayload; dueAt: Date }, now: Date): Job {
  const dueAt = fields.dueAt.toISOString();
  return {
    id: fields.id,
    kind: fields.kind,
    payload: fields.payload ?? {},
    status: 'pending',
    createdAt: now.toISOString(),
    dueAt,
    attempts: 0,
    nextAttemptAt: dueAt,
    lastError: null,
    doneAt: null,
  };
}

/** The job once it has run: done, or (a job that repeats) pending again at `again`. */
export function afterJobRan(job: Job, now: Date, again: Date | null = null): Job {
  if (again === null) return { ...job, status: 'done', attempts: 0, nextAttemptAt: null, lastError: null, doneAt: now.toISOString() };
  const next = again.toISOString();
  return { ...job, status: 'pending', dueAt: next, attempts: 0, nextAttemptAt: next, lastError: null, doneAt: now.toISOString() };
}

/**
 * The job after a failed try: due again after the back-off (the outbox's rule: 1 minute doubling
 * to an hour), or given up (failed) a day after it was due. A job that repeats is never given up.
 */
export function afterJobFailed(job: Job, now: Date, error: string, options: { repeats?: boolean } = {}): Job {
  const { attempts, nextAttemptAt } = afterFailedTry(job.attempts, job.dueAt, now, { giveUp: !options.repeats });
  return { ...job, status: nextAttemptAt === null ? 'failed' : 'pending', attempts, nextAttemptAt, lastError: error.slice(0, 1000) };
}

/** When a stored job is next due, in ms: its next try while pending, never once done or given up. */
export function jobDueAtMs(job: Job): number | null {
  return job.status === 'pending' && job.nextAttemptAt !== null ? Date.parse(job.nextAttemptAt) : null;
}

/**
 * What a round of claimed work (the job runner's, the outbox sender's) counts besides its own
 * successes: the work refused and due again after the back-off, the work given up, and the work
 * whose claim had lapsed by the end, so its outcome could not be recorded (the queue's `settle`).
 */
export interface ClaimedWorkRound {
  retrying: number;
  failed: number;
  lost: number;
}
