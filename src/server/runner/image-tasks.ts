// The graphile-worker side of image compression: the compress-image task, merged into the worker's task list.
import type { Task, TaskList } from 'graphile-worker';
import type { Database } from '../db/client';
import {
  type CompressImageDeps,
  compressImageTask,
  markCompressionFailed,
} from '../images/compress-image-job';
import { COMPRESS_IMAGE_TASK, compressImageJobSchema } from '../queue/image-jobs';

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
