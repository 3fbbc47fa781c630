// Every task the worker runs, by name. Payloads are checked before any work starts.
import { setMaxListeners } from 'node:events';
import type { TaskList } from 'graphile-worker';
import type { Mailer } from '../auth/mailer';
import { createBatchTasks } from '../batch/batch-tasks';
import { cancelBundleBatches } from '../batch/cancel-batches';
import { routeToBatch } from '../batch/route-to-batch';
import { prepareRun, queueRunJobsInBatches } from '../bundles/create-bundle';
import { purgeBundle } from '../bundles/delete-bundle';
import { type GenerationDeps, generateProduct } from '../generation/generate-product';
import type { CompressImageDeps } from '../images/compress-image-job';
import type { Logger } from '../logger';
import { GENERATE_PRODUCT_TASK, generateProductPayloadSchema } from '../queue/generate-jobs';
import { SEND_MAIL_TASK } from '../queue/mail-jobs';
import { PURGE_BUNDLE_TASK, purgeBundlePayloadSchema } from '../queue/purge-jobs';
import { PUSH_TO_STORE_TASK, pushPayloadSchema } from '../queue/push-jobs';
import { PREPARE_RUN_TASK, QUEUE_RUN_JOBS_TASK, queueRunJobsPayloadSchema } from '../queue/run-jobs';
import { runPush } from '../stores/run-push';
import type { StoreAccess } from '../stores/store-access';
import { createCompressImageTasks } from './image-tasks';
import { createSendMailTask } from './mail-tasks';

export type TaskDeps = GenerationDeps & {
  images?: CompressImageDeps;
  /** Without it this process leaves send-mail jobs to one that can deliver them. */
  mailer?: Mailer;
  log?: Logger;
  /** Without it this process leaves push-to-store jobs to one that can open store credentials. */
  stores?: StoreAccess;
};

// graphile-worker gives every job of a pool the same abort signal, and a job waiting on the provider listens
// to it (for a slot, a permit, a retry, the call itself) and stops listening when done. With dozens of jobs
// at once that passes Node's default of 10 listeners, which it reports as a leak; a real leak, one listener
// per call never removed, would still pass this bound within a run and be reported.
const SHARED_SIGNAL_MAX_LISTENERS = 1_000;

export function createTaskList(deps: TaskDeps): TaskList {
  return {
    ...createCompressImageTasks(deps.db, deps.images),
    ...(deps.mailer ? { [SEND_MAIL_TASK]: createSendMailTask(deps.mailer, deps.log) } : {}),
    ...createBatchTasks(deps),
    ...(deps.stores
      ? {
          [PUSH_TO_STORE_TASK]: async (payload: unknown) => {
            await runPush(deps.db, deps.stores!, pushPayloadSchema.parse(payload).pushId, deps.log);
          },
        }
      : {}),
    // delete-bundle marks the bundle and queues this: its rows go in batches (docs/decisions/009).
    [PURGE_BUNDLE_TASK]: async (payload) => {
      const { bundleId } = purgeBundlePayloadSchema.parse(payload);
      // Its batches still at the provider are cancelled first: their rows go with the purge (issue 16).
      await cancelBundleBatches(deps, bundleId, deps.log);
      await purgeBundle(deps.db, bundleId);
    },
    // A big new-bundle queues this instead of its generate jobs (src/server/queue/run-jobs.ts).
    [QUEUE_RUN_JOBS_TASK]: async (payload) => {
      await queueRunJobsInBatches(deps.db, queueRunJobsPayloadSchema.parse(payload).bundleWorkflowId);
    },
    [PREPARE_RUN_TASK]: async (payload) => {
      await prepareRun(deps.db, queueRunJobsPayloadSchema.parse(payload).bundleWorkflowId);
    },
    [GENERATE_PRODUCT_TASK]: async (payload, helpers) => {
      const { bundleWorkflowProductId } = generateProductPayloadSchema.parse(payload);
      setMaxListeners(SHARED_SIGNAL_MAX_LISTENERS, helpers.abortSignal);
      // A batch workflow's product is collected into a Batch API batch instead (issue 16).
      if (await routeToBatch(deps, bundleWorkflowProductId)) return;
      await generateProduct(
        deps,
        bundleWorkflowProductId,
        { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts },
        helpers.abortSignal,
      );
    },
  };
}
