import type { Knex } from 'knex';
import { jobDueAtMs } from '../../core/jobs/jobs';
import { JobSchema, type Job } from '../../core/jobs/job';
import type { ClaimedJob, JobQueue } from '../../core/jobs/job-queue.port';
import { claimDueRows, settleClaimedRow } from './sqlite-claims';
import { readJson } from './sqlite-values';

function row(job: Job) {
  return { id: job.id, kind: job.kind, status: job.status, dueAtMs: jobDueAtMs(job), claim: null, job: JSON.stringify(job) };
}

const read = (stored: unknown): Job => JobSchema.parse(readJson(stored));

/**
 * The job queue in the `jobs` table. Claims are taken in one write transaction (the outbox's
 * sqlite-claims), so two server processes on one database file never run the same job at once.
 */
export class SqliteJobQueue implements JobQueue {
  constructor(private readonly db: Knex) {}

  async schedule(jobs: readonly Job[]): Promise<void> {
    if (jobs.length > 0) await this.db('jobs').insert(jobs.map(row)).onConflict('id').ignore();
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    const claimed = await claimDueRows(this.db, 'jobs', 'job', now, leaseMs, limit);
    return claimed.map(({ stored, claim }) => ({ job: read(stored), claim }));
  }

  settle(claim: ClaimedJob, outcome: Job): Promise<boolean> {
    return settleClaimedRow(this.db, 'jobs', claim.job.id, claim.claim, row(outcome));
  }

  async get(id: string): Promise<Job | null> {
    const stored = await this.db('jobs').where({ id }).first('job');
    return stored ? read(stored.job) : null;
  }
}
