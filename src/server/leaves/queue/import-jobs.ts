// The import-store job: one per store import, keyed by it so that a retry never runs two at once,
// and in its store's named queue, so that a store has one job in flight at a time.
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';
import { storeQueueName } from './store-queue';

export const IMPORT_STORE_TASK = 'import-store';
export const importPayloadSchema = z.object({ importId: z.number().int().positive() });

/** Attempts: a worker that dies mid-import is retried, and each attempt reads the catalogue again. */
export const IMPORT_MAX_ATTEMPTS = 5;

export function queueImport(
  db: Queryable,
  storeImport: { importId: number; storeId: number },
): Promise<void> {
  return addJob(
    db,
    IMPORT_STORE_TASK,
    { importId: storeImport.importId },
    {
      jobKey: `import-store:${storeImport.importId}`,
      maxAttempts: IMPORT_MAX_ATTEMPTS,
      queueName: storeQueueName(storeImport.storeId),
    },
  );
}
