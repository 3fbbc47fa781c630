// The graphile-worker side of image compression: the compress-image task and the fan-out task that queues
// a big request's images in batches, merged into the worker's task list. Both run in the image pool.
import type { Task, TaskList } from 'graphile-worker';
import type { Database } from '../db/client';
import {
  type CompressImageDeps,
  compressImageTask,
  markCompressionFailed,
} from '../images/compress-image-job';
import { createFetchLimits } from '../images/fetch-limits';
import { markForCompression } from '../images/request-compression';
import {
  COMPRESS_IMAGE_MAX_ATTEMPTS,
  COMPRESS_IMAGE_TASK,
  COMPRESSIONS_PER_BATCH,
  compressImageJobKey,
  compressImageJobSchema,
  imageQueueName,
  QUEUE_COMPRESSIONS_TASK,
  queueCompressionsPayloadSchema,
  queueMarkedCompressions,
} from '../queue/image-jobs';

/** The tasks of the image pool (start-worker.ts splits the task list by these names). */
export const IMAGE_TASKS: ReadonlySet<string> = new Set([COMPRESS_IMAGE_TASK, QUEUE_COMPRESSIONS_TASK]);

/** A job whose host is at its limit runs again this much later, leaving its slot to other work meanwhile. */
const DEFER_MS = 1_000;

/** Tasks to spread into the worker's task list: `{ ...createCompressImageTasks(db, deps), ... }`. */
export function createCompressImageTasks(db: Database, deps: CompressImageDeps = {}): TaskList {
  // One set of per-host counts for this task list's process.
  const limits = deps.limits ?? createFetchLimits();
  const compress: Task = async (payload, helpers) => {
    const job = compressImageJobSchema.parse(payload);
    try {
      const outcome = await compressImageTask(db, job, {
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
  // Marks and queues a big request's images in batches, each batch its own short transaction: the request
  // itself answered at once. A retry carries on where the marked images end (a marked image is no longer
  // eligible, and its job key makes a repeat harmless anyway).
  const queueCompressions: Task = async (payload) => {
    const request = queueCompressionsPayloadSchema.parse(payload);
    const selection = request.imageIds ? { imageIds: request.imageIds } : {};
    let afterId = 0;
    for (;;) {
      const lastId = await db.transaction(async (tx) => {
        const marked = await markForCompression(tx, request, selection, afterId, COMPRESSIONS_PER_BATCH);
        if (marked.lastId === null) return null;
        await queueMarkedCompressions(tx, request, afterId, marked.marked);
        return marked.lastId;
      });
      if (lastId === null) return;
      afterId = lastId;
    }
  };
  return { [COMPRESS_IMAGE_TASK]: compress, [QUEUE_COMPRESSIONS_TASK]: queueCompressions };
}
