// Every task the worker runs, by name. Each task lives beside its domain (`<domain>/<name>-task.ts`, its
// payload checked before any work starts); this list only says which run in this process.
import type { TaskList } from 'graphile-worker';
import type { Mailer } from '../auth/mailer';
import { sendMailTask } from '../auth/send-mail-task';
import { collectBatchTask } from '../batch/collect-batch-task';
import { pollBatchTask } from '../batch/poll-batch-task';
import { routeToBatch } from '../batch/route-to-batch';
import { submitBatchTask } from '../batch/submit-batch-task';
import { prepareRunTask } from '../bundles/prepare-run-task';
import { purgeBundleTask } from '../bundles/purge-bundle-task';
import { queueRunJobsTask } from '../bundles/queue-run-jobs-task';
import type { Database } from '../db/client';
import type { GenerationDeps } from '../generation/generate-product';
import { generateProductTask } from '../generation/generate-product-task';
import type { CompressImageDeps } from '../images/compress-image';
import { compressImageTask } from '../images/compress-image-task';
import { queueCompressionsTask } from '../images/queue-compressions-task';
import type { Logger } from '../logger';
import { COLLECT_BATCH_TASK, POLL_BATCH_TASK, SUBMIT_BATCH_TASK } from '../queue/batch-jobs';
import { GENERATE_PRODUCT_TASK } from '../queue/generate-jobs';
import { COMPRESS_IMAGE_TASK, QUEUE_COMPRESSIONS_TASK } from '../queue/image-jobs';
import { IMPORT_STORE_TASK } from '../queue/import-jobs';
import { SEND_MAIL_TASK } from '../queue/mail-jobs';
import { PURGE_BUNDLE_TASK } from '../queue/purge-jobs';
import { PUSH_TO_STORE_TASK } from '../queue/push-jobs';
import { PREPARE_RUN_TASK, QUEUE_RUN_JOBS_TASK } from '../queue/run-jobs';
import { DELIVER_WEBHOOK_TASK } from '../queue/webhook-jobs';
import { importStoreTask } from '../stores/import-store-task';
import { pushToStoreTask } from '../stores/push-to-store-task';
import type { StoreAccess } from '../stores/store-access';
import { createDeliverWebhookTask, type WebhookDeliveryDeps } from '../webhooks/deliver-webhook-task';

export type TaskDeps = GenerationDeps & {
  images?: CompressImageDeps;
  /** Without it this process leaves send-mail jobs to one that can deliver them. */
  mailer?: Mailer;
  log?: Logger;
  /** Without it this process leaves deliver-webhook jobs to one configured to send them. */
  webhooks?: Omit<WebhookDeliveryDeps, 'db' | 'log'>;
  /** Without it this process leaves push-to-store and import-store jobs to one that can open store credentials. */
  stores?: StoreAccess;
};

export function createTaskList(deps: TaskDeps): TaskList {
  return {
    ...imageTaskList(deps.db, deps.images),
    ...(deps.mailer ? { [SEND_MAIL_TASK]: sendMailTask(deps.mailer, deps.log) } : {}),
    ...(deps.webhooks
      ? { [DELIVER_WEBHOOK_TASK]: createDeliverWebhookTask({ ...deps.webhooks, db: deps.db, log: deps.log }) }
      : {}),
    ...(deps.stores
      ? {
          [PUSH_TO_STORE_TASK]: pushToStoreTask(deps.db, deps.stores, deps.log),
          [IMPORT_STORE_TASK]: importStoreTask(deps.db, deps.stores, deps.log),
        }
      : {}),
    [COLLECT_BATCH_TASK]: collectBatchTask(deps.db),
    [SUBMIT_BATCH_TASK]: submitBatchTask(deps),
    [POLL_BATCH_TASK]: pollBatchTask(deps),
    [PURGE_BUNDLE_TASK]: purgeBundleTask(deps, deps.log),
    [QUEUE_RUN_JOBS_TASK]: queueRunJobsTask(deps.db),
    [PREPARE_RUN_TASK]: prepareRunTask(deps.db),
    // A batch workflow's product is collected into a Batch API batch instead.
    [GENERATE_PRODUCT_TASK]: generateProductTask(deps, (id) => routeToBatch(deps, id)),
  };
}

/** The image pool's tasks (queue/image-jobs.ts IMAGE_TASKS), sharing one set of per-host fetch counts. */
export function imageTaskList(db: Database, images: CompressImageDeps = {}): TaskList {
  return {
    [COMPRESS_IMAGE_TASK]: compressImageTask(db, images),
    [QUEUE_COMPRESSIONS_TASK]: queueCompressionsTask(db),
  };
}
