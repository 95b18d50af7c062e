import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** pending: to run at `nextAttemptAt`; done: it ran; failed: given up after a day of failures. */
export const JobStatusSchema = z.enum(['pending', 'done', 'failed']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** What a job needs to know, as plain values (the record it is about, an event's start). */
export const JobPayloadSchema = z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]));
export type JobPayload = z.infer<typeof JobPayloadSchema>;

/**
 * A piece of scheduled work, run once by one server instance (core/jobs/job-queue.port.ts). Its id is
 * its key: the same work scheduled twice (by two instances, or again after a restart) is one job.
 */
export const JobSchema = z.object({
  /** The job's key, made from what the work is about (it names a document: no slash). */
  id: z.string().regex(/^[^/]{1,500}$/),
  /** What to do: the name of its handler (core/operations/scheduled-work.ts). */
  kind: z.string().min(1).max(100),
  payload: JobPayloadSchema,
  status: JobStatusSchema,
  createdAt: InstantSchema,
  /** When it was (last) meant to run: a day of failures from here gives up. */
  dueAt: InstantSchema,
  /** Failed tries since it was last due. */
  attempts: z.number().int().min(0),
  /** When a pending job is next tried; null once done or given up. */
  nextAttemptAt: InstantSchema.nullable(),
  /** What went wrong at the last failed try. */
  lastError: z.string().max(1000).nullable(),
  /** When it last ran to the end. */
  doneAt: InstantSchema.nullable(),
});
export type Job = z.infer<typeof JobSchema>;
