// The submit-batch task: one local batch uploaded and created at the provider (submit-batch.ts).
import type { Task } from 'graphile-worker';
import { providerBatchPayloadSchema } from '../../leaves/queue/batch-jobs';
import type { GenerationDeps } from '../generation/generate-product';
import { submitBatch } from './submit-batch';

export function submitBatchTask(deps: GenerationDeps): Task {
  return async (payload) => {
    const { providerBatchId } = providerBatchPayloadSchema.parse(payload);
    await submitBatch(deps, providerBatchId);
  };
}
