import type { DocumentData } from 'firebase-admin/firestore';
import { jobDueAtMs } from '../../core/jobs/jobs';
import { JobSchema, type Job } from '../../core/jobs/job';
import type { ClaimedJob, JobQueue } from '../../core/jobs/job-queue.port';
import { claimDueDocuments, settleClaimedDocument } from './firestore-claims';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { documentById } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';

function stored(job: Job): DocumentData {
  return { job, kind: job.kind, status: job.status, dueAtMs: jobDueAtMs(job), claim: null };
}

const read = (data: DocumentData | undefined): Job => JobSchema.parse(data?.job);

/**
 * The job queue in the `jobs` collection, one document per job keyed by its id. Claims are taken
 * as the outbox's are (firestore-claims): each in a transaction, so with several server instances
 * on one project each job runs on one of them, and a lapsed claim lets the job come due again.
 */
export class FirestoreJobQueue extends FirestoreCollectionAdapter implements JobQueue {
  protected readonly collectionName = 'jobs';

  async schedule(jobs: readonly Job[]): Promise<void> {
    // create() refuses a document that exists: the first job of an id stands, whoever wrote it.
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await withCoreErrors(() => this.collection.doc(job.id).create(stored(job)));
        } catch (error) {
          if (firestoreCode(error) !== FIRESTORE_CODES.ALREADY_EXISTS) throw error;
        }
      }),
    );
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    const claimed = await claimDueDocuments(this.db, this.collection, now, leaseMs, limit);
    return claimed.map(({ data, claim }) => ({ job: read(data), claim }));
  }

  settle(claim: ClaimedJob, outcome: Job): Promise<boolean> {
    return settleClaimedDocument(this.db, this.collection, claim.job.id, claim.claim, stored(outcome));
  }

  async get(id: string): Promise<Job | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? read(snapshot.data()) : null;
  }
}
