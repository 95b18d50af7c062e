import type { Job } from './job';

/** A job a runner has claimed: only the holder of `claim` may record its outcome. */
export interface ClaimedJob {
  job: Job;
  claim: string;
}

/**
 * The scheduled work of the server (reminders, offers, hold expiry), kept in the configured
 * storage and run by the server process itself (core/jobs/run-due-jobs.ts). A due job is
 * claimed before it runs, so with several server instances each job runs on one of them; a claim
 * never settled (its runner died) lapses after the lease and the job is due again. Jobs must
 * therefore be idempotent: a job may, rarely, run twice.
 */
export interface JobQueue {
  /**
   * Stores each job whose id is not stored yet. A job whose id is already stored, whatever its
   * state (pending, done or failed), is left exactly as it is: scheduling is idempotent, so two
   * instances (or a restart) scheduling the same work make one job.
   */
  schedule(jobs: readonly Job[]): Promise<void>;
  /** Claims up to `limit` pending jobs due by `now`, earliest due first, for `leaseMs`. */
  claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]>;
  /**
   * Records what came of a claimed job (the job as it now is). False, and nothing written, when
   * the claim is no longer held (it lapsed and another runner took the job).
   */
  settle(claim: ClaimedJob, outcome: Job): Promise<boolean>;
  /** The job with this id, or null. */
  get(id: string): Promise<Job | null>;
}
