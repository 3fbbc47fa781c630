// The compress-image task: one image's compression (compress-image.ts) in the worker's image pool. A job whose
// host is at its limit is queued again a little later; an image is never left "compressing" after the last try.
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import {
  COMPRESS_IMAGE_MAX_ATTEMPTS,
  COMPRESS_IMAGE_TASK,
  compressImageJobKey,
  compressImageJobSchema,
  imageQueueName,
} from '../../leaves/queue/image-jobs';
import { type CompressImageDeps, compressStoredImage, markCompressionFailed } from './compress-image';
import { createFetchLimits } from './fetch-limits';

/** A job whose host is at its limit runs again this much later, leaving its slot to other work meanwhile. */
const DEFER_MS = 1_000;

export function compressImageTask(db: Database, deps: CompressImageDeps = {}): Task {
  // One set of per-host counts for this task list's process.
  const limits = deps.limits ?? createFetchLimits();
  return async (payload, helpers) => {
    const job = compressImageJobSchema.parse(payload);
    try {
      const outcome = await compressStoredImage(db, job, {
        ...deps,
        limits,
        // A graceful shutdown aborts the fetch; the job is then retried by the next worker.
        fetch: { ...deps.fetch, signal: helpers.abortSignal },
      });
      if (outcome.status === 'failed') {
        helpers.logger.info(`image ${job.imageId} not compressed: ${outcome.reason}`);
      }
      if (outcome.status === 'deferred') {
        // The same key: graphile-worker keeps this running job apart and queues a fresh one (attempts 0).
        await helpers.addJob(COMPRESS_IMAGE_TASK, job, {
          jobKey: compressImageJobKey(job.imageId),
          maxAttempts: COMPRESS_IMAGE_MAX_ATTEMPTS,
          runAt: new Date(Date.now() + DEFER_MS),
          priority: helpers.job.priority,
          ...(job.ownerId ? { queueName: imageQueueName(job.ownerId, job.imageId) } : {}),
        });
      }
    } catch (error) {
      const isLastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      if (isLastAttempt && !helpers.abortSignal?.aborted) {
        // Never leave an image "compressing" for ever, even after a bug.
        await markCompressionFailed(
          db,
          job.imageId,
          'Compression failed unexpectedly. Please try again later.',
        );
      }
      throw error;
    }
  };
}
