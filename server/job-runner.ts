import type { Logger } from 'pino';
import { RunDueJobs } from '../core/jobs/run-due-jobs';
import { membershipReminderRunJob, repeatingJobs, retentionRunJob } from '../core/operations/scheduled-work';
import { ApplyRetention } from '../core/privacy/apply-retention';
import type { AppContainer } from './container';
import { startRounds } from './rounds';

/** How often the server looks for due jobs: a job runs within this of falling due. */
export const JOB_ROUND_MS = 15_000;

/**
 * The server process runs the scheduled jobs itself (no second process to start): it schedules
 * the work that repeats, then runs a round every JOB_ROUND_MS, never two at once. Several server
 * instances may each run it: the job queue's claims run every job once. Returns the function
 * that stops it (waiting for a round under way).
 */
export function startJobRunner(ports: AppContainer, logger: Logger, everyMs = JOB_ROUND_MS): () => Promise<void> {
  const runner = ports.useCase(RunDueJobs);
  let scheduled = false;
  return startRounds(
    async () => {
      if (!scheduled) {
        // Idempotent: with several instances, or after a restart, each repeating job stays one.
        const now = ports.get('clock').now();
        // The retention run is nightly from the start: a new server does not apply it at once.
        await ports
          .get('jobs')
          .schedule([...repeatingJobs(now), retentionRunJob(now, ports.useCase(ApplyRetention).nextRunAfter(now)), membershipReminderRunJob(now)]);
        scheduled = true;
      }
      const result = await runner.execute();
      if (result.retrying + result.lost > 0) logger.warn({ jobs: result }, 'Job round: some jobs failed and will be tried again');
      if (result.failed > 0) logger.error({ jobs: result }, 'Scheduled jobs given up after a day of failures');
    },
    everyMs,
    logger,
    'Job round failed; it runs again shortly',
  );
}
