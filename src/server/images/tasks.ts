// The graphile-worker side of image compression: the compress-image task (merged into the worker's task
// list) and the SQL that queues jobs inside the caller's transaction.
import { sql } from 'drizzle-orm';
import type { Task, TaskList } from 'graphile-worker';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { COMPRESS_IMAGE_TASK } from '../jobs/queue';
import {
  type AddJobs,
  type CompressImageDeps,
  compressImageJobSchema,
  compressImageTask,
  markCompressionFailed,
} from './compression';

const ADD_JOBS_BATCH = 1_000;

/**
 * Outside production the app's own address is allowed too, so the sample stores (whose images this app
 * serves at APP_URL) work on a local install with no set-up. In production only the explicit list counts.
 */
export function compressImageDepsFromConfig(
  config: Pick<Config, 'ALLOW_PRIVATE_IMAGE_HOSTS' | 'IMAGE_MAX_EDGE' | 'NODE_ENV' | 'APP_URL'>,
): CompressImageDeps {
  const allowPrivateHosts = [...config.ALLOW_PRIVATE_IMAGE_HOSTS];
  if (config.NODE_ENV !== 'production') allowPrivateHosts.push(...ownHostPorts(config.APP_URL));
  return {
    fetch: { allowPrivateHosts },
    compress: { maxEdge: config.IMAGE_MAX_EDGE },
  };
}

function ownHostPorts(appUrl: string): string[] {
  const url = new URL(appUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hosts = [url.hostname.toLowerCase()];
  if (url.hostname === 'localhost') hosts.push('127.0.0.1', '[::1]');
  return hosts.map((host) => `${host}:${port}`);
}

/** Tasks to spread into the worker's task list: `{ ...createCompressImageTasks(db, deps), ... }`. */
export function createCompressImageTasks(db: Database, deps: CompressImageDeps = {}): TaskList {
  const compress: Task = async (payload, helpers) => {
    const job = compressImageJobSchema.parse(payload);
    try {
      const outcome = await compressImageTask(db, job, {
        ...deps,
        // A graceful shutdown aborts the fetch; the job is then retried by the next worker.
        fetch: { ...deps.fetch, signal: helpers.abortSignal },
      });
      if (outcome.status === 'failed') {
        helpers.logger.info(`image ${job.imageId} not compressed: ${outcome.reason}`);
      }
    } catch (error) {
      const isLastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      if (isLastAttempt && !helpers.abortSignal?.aborted) {
        // Never leave an image "compressing" for ever (issue 5), even after a bug.
        await markCompressionFailed(
          db,
          job.imageId,
          'Compression failed unexpectedly. Please try again later.',
        );
      }
      throw error;
    }
  };
  return { [COMPRESS_IMAGE_TASK]: compress };
}

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
