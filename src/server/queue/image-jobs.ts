// The compress-image job: its name, its payload, and the SQL that queues jobs inside the caller's
// transaction, so the marked rows and their jobs commit together.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/client';

export const COMPRESS_IMAGE_TASK = 'compress-image';

/** Three tries, then the image is marked failed; expected failures never throw, so they use only one. */
export const COMPRESS_IMAGE_MAX_ATTEMPTS = 3;

export const compressImageJobSchema = z.object({
  imageId: z.number().int().positive(),
  /** The request this job serves; a newer request for the same image supersedes it. */
  processingId: z.string().min(1).optional(),
});
export type CompressImageJob = z.infer<typeof compressImageJobSchema>;

export type QueuedJob = { identifier: string; payload: object; jobKey: string; maxAttempts: number };
/** Queues jobs inside the caller's transaction, so the marked rows and their jobs commit together. */
export type AddJobs = (tx: Queryable, jobs: QueuedJob[]) => Promise<void>;

export function compressImageJobKey(imageId: number): string {
  return `${COMPRESS_IMAGE_TASK}:${imageId}`;
}

const ADD_JOBS_BATCH = 1_000;

/**
 * Queues jobs with graphile-worker's SQL API in the caller's transaction: one add_job per job, but one
 * statement per thousand jobs. The job_key means re-queuing a pending job replaces it rather than adding one.
 */
export const addGraphileJobs: AddJobs = async (tx, jobs) => {
  for (let start = 0; start < jobs.length; start += ADD_JOBS_BATCH) {
    const specs = jobs.slice(start, start + ADD_JOBS_BATCH);
    await tx.execute(sql`
      select count(graphile_worker.add_job(
        job->>'identifier',
        job->'payload',
        job_key => job->>'jobKey',
        max_attempts => (job->>'maxAttempts')::int))
      from json_array_elements(${JSON.stringify(specs)}::json) as job`);
  }
};
