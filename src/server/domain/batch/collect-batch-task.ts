// The collect-batch task: a batch workflow's queued products gathered into local batch rows (collect-batch.ts).
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import { collectBatchPayloadSchema } from '../../leaves/queue/batch-jobs';
import { collectBatch } from './collect-batch';

export function collectBatchTask(db: Database): Task {
  return async (payload) => {
    const { bundleWorkflowId } = collectBatchPayloadSchema.parse(payload);
    await collectBatch(db, bundleWorkflowId);
  };
}
