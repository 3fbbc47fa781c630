// The Batch API jobs: their names, payloads and the statements that queue them. One collect job
// per run gathers its queued products into batches; one submit job per batch uploads and creates it; one poll
// job per batch reads its state and re-schedules itself with run_at, so a waiting batch costs no per-product
// work and survives restarts (the jobs live in PostgreSQL).
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';

export const COLLECT_BATCH_TASK = 'collect-batch';
export const SUBMIT_BATCH_TASK = 'submit-batch';
export const POLL_BATCH_TASK = 'poll-batch';

export const collectBatchPayloadSchema = z.object({ bundleWorkflowId: z.number().int().positive() });
export const providerBatchPayloadSchema = z.object({ providerBatchId: z.number().int().positive() });

/**
 * Collects a run's queued products into batches, shortly: the products of a new run arrive as one job each,
 * and the job key folds them into one collection (a repeat moves it a little later, which is the point).
 */
export async function queueCollectBatch(
  db: Queryable,
  bundleWorkflowId: number,
  delayMs = 1_000,
): Promise<void> {
  await addJob(
    db,
    COLLECT_BATCH_TASK,
    { bundleWorkflowId },
    { jobKey: `${COLLECT_BATCH_TASK}:${bundleWorkflowId}`, runAt: new Date(Date.now() + delayMs) },
  );
}

export async function queueSubmitBatch(db: Queryable, providerBatchId: number): Promise<void> {
  await addJob(
    db,
    SUBMIT_BATCH_TASK,
    { providerBatchId },
    { jobKey: `${SUBMIT_BATCH_TASK}:${providerBatchId}` },
  );
}

/** The batch's one poll job, due at `runAt`; queued again from inside itself, the key replaces the old one. */
export async function queuePollBatch(db: Queryable, providerBatchId: number, runAt: Date): Promise<void> {
  await addJob(
    db,
    POLL_BATCH_TASK,
    { providerBatchId },
    // Polls are many over a day: far more tries than a job that does work once.
    { jobKey: `${POLL_BATCH_TASK}:${providerBatchId}`, runAt, maxAttempts: 25 },
  );
}
