// The queue-run-jobs task: a big new-bundle queues this instead of its generate jobs (queue/run-jobs.ts).
import type { Task } from 'graphile-worker';
import type { Database } from '../db/client';
import { queueRunJobsPayloadSchema } from '../queue/run-jobs';
import { queueRunJobsInBatches } from './create-bundle';

export function queueRunJobsTask(db: Database): Task {
  return async (payload) => {
    await queueRunJobsInBatches(db, queueRunJobsPayloadSchema.parse(payload).bundleWorkflowId);
  };
}
