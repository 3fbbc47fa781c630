// Every task the worker runs, by name. Payloads are checked before any work starts.
import type { TaskList } from 'graphile-worker';
import { z } from 'zod';
import { type GenerationDeps, generateProduct } from '../generation/generate-product';
import type { CompressImageDeps } from '../images/compression';
import { createCompressImageTasks } from '../images/tasks';
import { GENERATE_PRODUCT_TASK } from './queue';

const generatePayload = z.object({ bundleWorkflowProductId: z.number().int().positive() });

export type TaskDeps = GenerationDeps & { images?: CompressImageDeps };

export function createTaskList(deps: TaskDeps): TaskList {
  return {
    ...createCompressImageTasks(deps.db, deps.images),
    [GENERATE_PRODUCT_TASK]: async (payload, helpers) => {
      const { bundleWorkflowProductId } = generatePayload.parse(payload);
      await generateProduct(
        deps,
        bundleWorkflowProductId,
        { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts },
        helpers.abortSignal,
      );
    },
  };
}
