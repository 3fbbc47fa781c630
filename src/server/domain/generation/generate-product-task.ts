// The generate-product task: one product's copy written by a direct call (generate-product.ts), unless
// `divert` takes it elsewhere first (the runner passes the Batch API's routing).
import { setMaxListeners } from 'node:events';
import type { Task } from 'graphile-worker';
import {
  GENERATE_PRODUCT_TASK,
  generateJobKey,
  generateProductPayloadSchema,
} from '../../leaves/queue/generate-jobs';
import { type GenerationDeps, generateProduct } from './generate-product';
import { IMAGE_WAIT_MS } from './product-photos';

// graphile-worker gives every job of a pool the same abort signal, and a job waiting on the provider listens
// to it (for a slot, a permit, a retry, the call itself) and stops listening when done. With dozens of jobs
// at once that passes Node's default of 10 listeners, which it reports as a leak; a real leak, one listener
// per call never removed, would still pass this bound within a run and be reported.
const SHARED_SIGNAL_MAX_LISTENERS = 1_000;

/** Answers true when it took the product, which is then not written here. */
export type DivertProduct = (bundleWorkflowProductId: number) => Promise<boolean>;

export function generateProductTask(deps: GenerationDeps, divert?: DivertProduct): Task {
  return async (payload, helpers) => {
    const parsed = generateProductPayloadSchema.parse(payload);
    const { bundleWorkflowProductId, imageWaits = 0 } = parsed;
    setMaxListeners(SHARED_SIGNAL_MAX_LISTENERS, helpers.abortSignal);
    if (divert && (await divert(bundleWorkflowProductId))) return;
    const outcome = await generateProduct(
      deps,
      bundleWorkflowProductId,
      { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts, imageWaits },
      helpers.abortSignal,
    );
    if (outcome === 'waiting_for_images') {
      // The same key: graphile-worker keeps this running job apart and queues a fresh one, which leaves the
      // generation pool's slot to other products while the image pool compresses this one's photos.
      await helpers.addJob(
        GENERATE_PRODUCT_TASK,
        { ...parsed, imageWaits: imageWaits + 1 },
        {
          jobKey: generateJobKey(bundleWorkflowProductId),
          runAt: new Date(Date.now() + IMAGE_WAIT_MS),
          priority: helpers.job.priority,
          maxAttempts: helpers.job.max_attempts,
        },
      );
    }
  };
}
