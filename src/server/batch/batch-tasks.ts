// The Batch API's tasks for the worker's task list (src/server/runner/task-list.ts), payloads checked first.
import type { TaskList } from 'graphile-worker';
import {
  COLLECT_BATCH_TASK,
  collectBatchPayloadSchema,
  POLL_BATCH_TASK,
  providerBatchPayloadSchema,
  SUBMIT_BATCH_TASK,
} from '../queue/batch-jobs';
import { collectBatch } from './collect-batch';
import { pollBatch } from './poll-batch';
import { type BatchDeps, submitBatch } from './submit-batch';

export function createBatchTasks(deps: BatchDeps): TaskList {
  return {
    [COLLECT_BATCH_TASK]: async (payload) => {
      const { bundleWorkflowId } = collectBatchPayloadSchema.parse(payload);
      await collectBatch(deps.db, bundleWorkflowId);
    },
    [SUBMIT_BATCH_TASK]: async (payload) => {
      const { providerBatchId } = providerBatchPayloadSchema.parse(payload);
      await submitBatch(deps, providerBatchId);
    },
    [POLL_BATCH_TASK]: async (payload) => {
      const { providerBatchId } = providerBatchPayloadSchema.parse(payload);
      await pollBatch(deps, providerBatchId);
    },
  };
}
