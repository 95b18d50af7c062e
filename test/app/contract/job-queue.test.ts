import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FirestoreJobQueue } from '../../../adapters/firestore/firestore-job-queue';
import { closeFirestore, openFirestore } from '../../../adapters/firestore/firestore-storage';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { MemoryJobQueue } from '../../../adapters/memory/memory-job-queue';
import { SqliteJobQueue } from '../../../adapters/sqlite/sqlite-job-queue';
import { JOB_LEASE_MS } from '../../../core/jobs/jobs';
import type { Job } from '../../../core/jobs/job';
import type { JobQueue } from '../../../core/jobs/job-queue.port';
import { RunDueJobs, type JobHandlers } from '../../../core/jobs/run-due-jobs';
import { useFirestoreEmulator } from '../../support/firestore-emulator-for-file';
import { aJob, describeJobQueueContract, T0 } from './job-queue.contract';
import { withStore, type AdapterFactory } from '../../support/contract/storage-fixtures';
import { tempSqlite } from '../../support/temp-sqlite';
import { runTogether } from '../../support/start-together';

const firestore = useFirestoreEmulator();

/** Two connections to one fresh store, as two server instances have. */
type TwoInstances = () => Promise<{ queues: [JobQueue, JobQueue]; close(): Promise<void> }>;

const sqliteInstances = async (): Promise<Awaited<ReturnType<TwoInstances>> & { file: string }> => {
  const sqlite = tempSqlite('kyc-jobs-');
  const first = await sqlite.open();
  const second = await sqlite.open();
  return { file: sqlite.file, queues: [new SqliteJobQueue(first), new SqliteJobQueue(second)], close: sqlite.close };
};

const firestoreInstances: TwoInstances = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  const second = openFirestore({ projectId: emulator.projectId });
  return { queues: [new FirestoreJobQueue(db), new FirestoreJobQueue(second)], close: () => closeFirestore(second) };
};

const onMemory: AdapterFactory<JobQueue> = async () => ({ adapter: new MemoryJobQueue(), close: async () => {} });
const onSqlite: AdapterFactory<JobQueue> = async () => {
  const { queues, close } = await sqliteInstances();
  return { adapter: queues[0], close };
};
const onFirestore: AdapterFactory<JobQueue> = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  return { adapter: new FirestoreJobQueue(db), close: async () => {} };
};

describeJobQueueContract('MemoryJobQueue', onMemory);
describeJobQueueContract('SqliteJobQueue', onSqlite);
describeJobQueueContract('FirestoreJobQueue', onFirestore);

/** A handler that records which instance ran which job. */
function counting(runs: string[], instance: string): JobHandlers {
  return {
    count: {
      run: async (job: Job) => {
        runs.push(`${job.id}@${instance}`);
        return null;
      },
    },
  };
}

describe('each due job runs exactly once with two server instances running their rounds at the same moments', () => {
  const count = 20;
  const all = Array.from({ length: count }, (_, i) => aJob(`job-${String(i).padStart(3, '0')}`));

  it('SQLite: two server processes on one database file', async () => {
    await withStore(sqliteInstances, async ({ queues, file }) => {
      await queues[0].schedule(all);
      const worker = fileURLToPath(new URL('../../support/contract/sqlite-job-worker.ts', import.meta.url));
      // Both start together once both have opened the database, so that they really race.
      const outputs = await runTogether(
        [1, 2].map(() => ({ args: ['--import', 'tsx', worker, file, T0.toISOString()] })),
        500_000,
      );
      const ran = outputs.flatMap((stdout) => (JSON.parse(stdout) as { ran: string[] }).ran).sort();
      expect(ran).toEqual(all.map((job) => job.id));
      for (const job of all) expect((await queues[1].get(job.id))?.status).toBe('done');
    });
  });

  it('Firestore: two clients of one emulator', async () => {
    await withStore(firestoreInstances, async ({ queues }) => {
      const clock = new FixedClock(T0);
      const runs: string[] = [];
      // Both instances schedule the same work (as both start with it): one job per key.
      await Promise.all([queues[0].schedule(all), queues[1].schedule(all)]);
      const runners = queues.map((jobs, i) => new RunDueJobs({ jobs, clock, jobHandlers: counting(runs, `instance-${i}`) }));
      for (let round = 0; round < count; round++) {
        const results = await Promise.all(runners.map((r) => r.execute({ limit: 4 })));
        if (results.every((r) => r.done === 0)) break;
      }
      expect(runs.map((run) => run.split('@')[0]).sort()).toEqual(all.map((job) => job.id));
      // Both instances took part.
      expect(new Set(runs.map((run) => run.split('@')[1])).size).toBe(2);
      for (const job of all) expect((await queues[1].get(job.id))?.status).toBe('done');
    });
  });
});

describe.each<[string, TwoInstances]>([
  ['SQLite: two connections to one database file', sqliteInstances],
  ['Firestore: two clients of one emulator', firestoreInstances],
])('the job runner on two server instances (%s)', (_name, open) => {
  it("runs a crashed instance's claimed job on the other instance once its lease has run out, and only then", async () => {
    await withStore(open, async ({ queues }) => {
      const clock = new FixedClock(T0);
      const runs: string[] = [];
      await queues[0].schedule([aJob('hold-expiry-b1')]);
      // The first instance claims the job and dies before running it.
      expect(await queues[0].claimDue(clock.now(), JOB_LEASE_MS, 10)).toHaveLength(1);
      const survivor = new RunDueJobs({ jobs: queues[1], clock, jobHandlers: counting(runs, 'survivor') });
      clock.advance(JOB_LEASE_MS - 1);
      expect(await survivor.execute()).toEqual({ done: 0, retrying: 0, failed: 0, lost: 0 });
      expect(runs).toEqual([]);
      clock.advance(1);
      expect(await survivor.execute()).toEqual({ done: 1, retrying: 0, failed: 0, lost: 0 });
      expect(runs).toEqual(['hold-expiry-b1@survivor']);
      expect(await queues[0].get('hold-expiry-b1')).toMatchObject({ status: 'done', doneAt: clock.now().toISOString() });
      clock.advance(24 * 3_600_000);
      expect(await survivor.execute()).toEqual({ done: 0, retrying: 0, failed: 0, lost: 0 });
      expect(runs).toHaveLength(1);
    });
  });

  it('retries a failing job after 1 and then 2 minutes, on whichever instance comes first', async () => {
    await withStore(open, async ({ queues }) => {
      const clock = new FixedClock(T0);
      let failures = 2;
      const runs: string[] = [];
      const flaky = (instance: string): JobHandlers => ({
        count: {
          run: async (job) => {
            if (failures > 0) {
              failures -= 1;
              throw new Error('The database is busy');
            }
            runs.push(`${job.id}@${instance}`);
            return null;
          },
        },
      });
      await queues[0].schedule([aJob('offer-1')]);
      const [a, b] = queues.map((jobs, i) => new RunDueJobs({ jobs, clock, jobHandlers: flaky(`instance-${i}`) }));
      expect(await a.execute()).toEqual({ done: 0, retrying: 1, failed: 0, lost: 0 });
      expect(await queues[1].get('offer-1')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The database is busy' });
      clock.advance(59_999);
      expect(await b.execute()).toEqual({ done: 0, retrying: 0, failed: 0, lost: 0 });
      clock.advance(1);
      expect(await b.execute()).toEqual({ done: 0, retrying: 1, failed: 0, lost: 0 });
      clock.advance(2 * 60_000);
      expect(await a.execute()).toEqual({ done: 1, retrying: 0, failed: 0, lost: 0 });
      expect(runs).toEqual(['offer-1@instance-0']);
      expect(await queues[1].get('offer-1')).toMatchObject({ status: 'done', attempts: 0, lastError: null });
    });
  });
});
