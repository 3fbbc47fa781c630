// The purge-bundle job: its name, its payload, and the statement that queues it in the caller's transaction,
// so a bundle marked deleted always has its purge queued (docs/decisions/009-deleting-big-bundles.md).
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';

export const PURGE_BUNDLE_TASK = 'purge-bundle';

export const purgeBundlePayloadSchema = z.object({ bundleId: z.number().int().positive() });

export async function queuePurgeBundle(db: Queryable, bundleId: number): Promise<void> {
  await addJob(
    db,
    PURGE_BUNDLE_TASK,
    { bundleId },
    { jobKey: `${PURGE_BUNDLE_TASK}:${bundleId}`, maxAttempts: 25 },
  );
}
