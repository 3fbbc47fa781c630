// The prepare-run task: a big new-bundle's run rows (products, images, variant links, jobs) written from its
// stored products after the request that made it (create-bundle.ts).
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import { queueRunJobsPayloadSchema } from '../../leaves/queue/run-jobs';
import { prepareRun } from './start-run';

export function prepareRunTask(db: Database): Task {
  return async (payload) => {
    await prepareRun(db, queueRunJobsPayloadSchema.parse(payload).bundleWorkflowId);
  };
}
