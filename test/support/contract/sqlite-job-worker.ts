// Run as its own process by job-queue.test.ts: a server instance's job runner on a shared
// database file, starting its rounds with the other's so that two processes race for the jobs.
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqliteJobQueue } from '../../../adapters/sqlite/sqlite-job-queue';
import { RunDueJobs } from '../../../core/jobs/run-due-jobs';
import { readyThenWaitForGo } from '../start-together';

const [file, now] = process.argv.slice(2);
const db = await openSqliteDatabase(file);
const ran: string[] = [];
const runner = new RunDueJobs({
  jobs: new SqliteJobQueue(db),
  clock: new FixedClock(now),
  jobHandlers: {
    count: {
      run: async (job) => {
        ran.push(job.id);
        return null;
      },
    },
  },
});
await readyThenWaitForGo();
// Rounds of a few jobs until one finds nothing due: whatever is left is the other process's.
for (;;) {
  const round = await runner.execute({ limit: 3 });
  if (round.done + round.retrying + round.failed + round.lost === 0) break;
}
await db.destroy();
process.stdout.write(JSON.stringify({ ran }));
