import { afterJobFailed, afterJobRan, type ClaimedWorkRound, JOB_LEASE_MS } from './jobs';
import type { Job } from './job';
import type { Clock } from '../shared/clock.port';
import type { JobQueue } from './job-queue.port';
import { UseCase } from '../shared/use-case';

/** What a job of one kind does (core/operations/scheduled-work.ts lists them). */
export interface JobHandler {
  /**
   * Does the job's work. It must be idempotent: a job may run again (a claim that lapsed while
   * it ran, a retry after a failure half-way). Answers when the job is to run again (work that
   * repeats), or null when it is done. A throw is a failure, retried after the back-off.
   */
  run(job: Job, now: Date): Promise<Date | null>;
  /** Work that repeats for as long as the server runs: retried after failures, never given up. */
  repeats?: boolean;
}

/** The handler of each kind of job, by kind. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface RunDueJobsDeps {
  jobs: JobQueue;
  clock: Clock;
  jobHandlers: JobHandlers;
}

/** A round of jobs: those that ran, beside the retried, failed and lost (ran, but not recorded). */
export interface JobRound extends ClaimedWorkRound {
  done: number;
}

/**
 * One round of the job runner: claims the jobs that are due, runs each with its kind's handler
 * and records the outcome (done; due again when it repeats; refused and due again after the
 * back-off; or given up a day after it was due). A claim keeps other server instances off the
 * job while it runs. A job of a kind this server does not know fails like any other (a newer
 * instance, mid-deployment, may know it).
 */
export class RunDueJobs extends UseCase<RunDueJobsDeps> {
  async execute(options: { limit?: number } = {}): Promise<JobRound> {
    const round: JobRound = { done: 0, retrying: 0, failed: 0, lost: 0 };
    const claimed = await this.deps.jobs.claimDue(this.deps.clock.now(), JOB_LEASE_MS, options.limit ?? 20);
    for (const claim of claimed) {
      const { job } = claim;
      const handler = Object.hasOwn(this.deps.jobHandlers, job.kind) ? this.deps.jobHandlers[job.kind] : undefined;
      let outcome: Job;
      let ran = false;
      try {
        if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}"`);
        outcome = afterJobRan(job, this.deps.clock.now(), await handler.run(job, this.deps.clock.now()));
        ran = true;
      } catch (error) {
        outcome = afterJobFailed(job, this.deps.clock.now(), error instanceof Error ? error.message : String(error), { repeats: handler?.repeats === true });
      }
      if (!(await this.deps.jobs.settle(claim, outcome))) round.lost += 1;
      else if (ran) round.done += 1;
      else if (outcome.status === 'failed') round.failed += 1;
      else round.retrying += 1;
    }
    return round;
  }
}
