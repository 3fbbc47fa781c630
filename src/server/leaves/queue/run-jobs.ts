// The jobs that finish a big import after new-bundle has answered. prepare-run: new-bundle on a list of more
// than INLINE_RUN_ROWS writes only the bundle, its products and the run, and this job writes the run's
// product and image rows. queue-run-jobs: a run of more than INLINE_RUN_JOBS products has its generate-product
// jobs queued by this job in batches, each batch its own short transaction.
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';

export const QUEUE_RUN_JOBS_TASK = 'queue-run-jobs';

/** Up to this many generate jobs are queued inside new-bundle's own transaction; a bigger run goes to the job. */
export const INLINE_RUN_JOBS = 1_000;

/** A list over this many products leaves its run's rows to the prepare-run job. */
export const INLINE_RUN_ROWS = 1_000;
export const PREPARE_RUN_TASK = 'prepare-run';

export async function queuePrepareRun(db: Queryable, bundleWorkflowId: number): Promise<void> {
  await addJob(
    db,
    PREPARE_RUN_TASK,
    { bundleWorkflowId },
    { jobKey: `${PREPARE_RUN_TASK}:${bundleWorkflowId}`, maxAttempts: 25 },
  );
}

export const queueRunJobsPayloadSchema = z.object({ bundleWorkflowId: z.number().int().positive() });

export async function queueRunJobsLater(db: Queryable, bundleWorkflowId: number): Promise<void> {
  await addJob(
    db,
    QUEUE_RUN_JOBS_TASK,
    { bundleWorkflowId },
    { jobKey: `${QUEUE_RUN_JOBS_TASK}:${bundleWorkflowId}`, maxAttempts: 25 },
  );
}
