// The submit-batch task: one local batch uploaded and created at the provider (submit-batch.ts).
import type { Task } from 'graphile-worker';
import type { GenerationDeps } from '../generation/generate-product';
import { providerBatchPayloadSchema } from '../queue/batch-jobs';
import { submitBatch } from './submit-batch';

export function submitBatchTask(deps: GenerationDeps): Task {
  return async (payload) => {
    const { providerBatchId } = providerBatchPayloadSchema.parse(payload);
    await submitBatch(deps, providerBatchId);
  };
}
