// The poll-batch task: one batch's state read from the provider, and settled once finished (poll-batch.ts).
import type { Task } from 'graphile-worker';
import { providerBatchPayloadSchema } from '../../leaves/queue/batch-jobs';
import type { GenerationDeps } from '../generation/generate-product';
import { pollBatch } from './poll-batch';

export function pollBatchTask(deps: GenerationDeps): Task {
  return async (payload) => {
    const { providerBatchId } = providerBatchPayloadSchema.parse(payload);
    await pollBatch(deps, providerBatchId);
  };
}
