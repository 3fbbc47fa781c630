// The purge-bundle task: delete-bundle marks the bundle and queues this; its rows go in batches
// (docs/decisions/009). Its Batch API batches still at the provider are cancelled first.
import type { Task } from 'graphile-worker';
import type { Logger } from '../../leaves/logger/logger';
import { purgeBundlePayloadSchema } from '../../leaves/queue/purge-jobs';
import { cancelBundleBatches } from '../batch/cancel-batches';
import type { GenerationDeps } from '../generation/generate-product';
import { purgeBundle } from './delete-bundle';

export function purgeBundleTask(deps: GenerationDeps, log?: Logger): Task {
  return async (payload) => {
    const { bundleId } = purgeBundlePayloadSchema.parse(payload);
    await cancelBundleBatches(deps, bundleId, log);
    await purgeBundle(deps.db, bundleId);
  };
}
