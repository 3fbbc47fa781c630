// Every task the worker runs, by name. Each task lives beside its domain (`<domain>/<name>-task.ts`, its
// payload checked before any work starts); this list only says which run in this process.
import type { TaskList } from 'graphile-worker';
import type { Database } from '../db/client';
import type { Mailer } from '../domain/auth/mailer';
import { sendMailTask } from '../domain/auth/send-mail-task';
import { collectBatchTask } from '../domain/batch/collect-batch-task';
import { pollBatchTask } from '../domain/batch/poll-batch-task';
import { routeToBatch } from '../domain/batch/route-to-batch';
import { submitBatchTask } from '../domain/batch/submit-batch-task';
import { prepareRunTask } from '../domain/bundles/prepare-run-task';
import { purgeBundleTask } from '../domain/bundles/purge-bundle-task';
import { queueRunJobsTask } from '../domain/bundles/queue-run-jobs-task';
import type { GenerationDeps } from '../domain/generation/generate-product';
import { generateProductTask } from '../domain/generation/generate-product-task';
import type { CompressImageDeps } from '../domain/images/compress-image';
import { compressImageTask } from '../domain/images/compress-image-task';
import { queueCompressionsTask } from '../domain/images/queue-compressions-task';
import { importStoreTask } from '../domain/stores/import-store-task';
import { pushToStoreTask } from '../domain/stores/push-to-store-task';
import type { StoreAccess } from '../domain/stores/store-access';
import { createDeliverWebhookTask, type WebhookDeliveryDeps } from '../domain/webhooks/deliver-webhook-task';
import type { Logger } from '../leaves/logger/logger';
import { COLLECT_BATCH_TASK, POLL_BATCH_TASK, SUBMIT_BATCH_TASK } from '../leaves/queue/batch-jobs';
import { GENERATE_PRODUCT_TASK } from '../leaves/queue/generate-jobs';
import { COMPRESS_IMAGE_TASK, QUEUE_COMPRESSIONS_TASK } from '../leaves/queue/image-jobs';
import { IMPORT_STORE_TASK } from '../leaves/queue/import-jobs';
import { SEND_MAIL_TASK } from '../leaves/queue/mail-jobs';
import { PURGE_BUNDLE_TASK } from '../leaves/queue/purge-jobs';
import { PUSH_TO_STORE_TASK } from '../leaves/queue/push-jobs';
import { PREPARE_RUN_TASK, QUEUE_RUN_JOBS_TASK } from '../leaves/queue/run-jobs';
import { DELIVER_WEBHOOK_TASK } from '../leaves/queue/webhook-jobs';

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
