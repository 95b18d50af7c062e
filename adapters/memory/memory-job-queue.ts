import { jobDueAtMs } from '../../core/jobs/jobs';
import type { Job } from '../../core/jobs/job';
import type { ClaimedJob, JobQueue } from '../../core/jobs/job-queue.port';
import { MemoryClaimables } from './memory-claims';

/** The job queue in memory, for tests: one process, so claims need no transactions. */
export class MemoryJobQueue implements JobQueue {
  private readonly rows = new MemoryClaimables<Job>(jobDueAtMs);

  async schedule(jobs: readonly Job[]): Promise<void> {
    for (const job of jobs) if (!this.rows.has(job.id)) this.rows.put(job);
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    return this.rows.claimDue(now, leaseMs, limit).map(({ item, claim }) => ({ job: item, claim }));
  }

  async settle(claim: ClaimedJob, outcome: Job): Promise<boolean> {
    return this.rows.settle(claim.job.id, claim.claim, outcome);
  }

  async get(id: string): Promise<Job | null> {
    return this.rows.get(id);
  }
}
